// Curated demo cities and well-known localities (neighbourhoods) with their approximate centre
// coordinates. Read by the demo seed (restaurants are placed around these points) and by the maps
// gazetteer (place search, reverse geocoding offline). Coordinates are WGS84 degrees.
import type { CityRecord } from '../db/records.ts';

/** A city row before it is stored; its slug is also the `city` key of each Locality. */
export type DemoCity = Omit<CityRecord, 'id'>;

export interface Locality {
  /** City slug (see DEMO_CITIES). */
  city: string;
  name: string;
  lat: number;
  lng: number;
}

export const DEMO_CITIES: readonly DemoCity[] = [
  { slug: 'bengaluru', name: 'Bengaluru', state: 'Karnataka', lat: 12.9716, lng: 77.5946, popular: true },
  { slug: 'mumbai', name: 'Mumbai', state: 'Maharashtra', lat: 19.076, lng: 72.8777, popular: true },
  { slug: 'delhi', name: 'Delhi', state: 'Delhi', lat: 28.6139, lng: 77.209, popular: true },
  { slug: 'hyderabad', name: 'Hyderabad', state: 'Telangana', lat: 17.385, lng: 78.4867, popular: true },
  { slug: 'chennai', name: 'Chennai', state: 'Tamil Nadu', lat: 13.0827, lng: 80.2707, popular: true },
  { slug: 'pune', name: 'Pune', state: 'Maharashtra', lat: 18.5204, lng: 73.8567, popular: true },
];

const L = (city: string, name: string, lat: number, lng: number): Locality => ({ city, name, lat, lng });

export const LOCALITIES: readonly Locality[] = [
  // Bengaluru
  L('bengaluru', 'Koramangala', 12.9352, 77.6245),
  L('bengaluru', 'Indiranagar', 12.9784, 77.6408),
  L('bengaluru', 'HSR Layout', 12.9121, 77.6446),
  L('bengaluru', 'Whitefield', 12.9698, 77.75),
  L('bengaluru', 'Jayanagar', 12.9299, 77.5826),
  L('bengaluru', 'JP Nagar', 12.9063, 77.5857),
  L('bengaluru', 'BTM Layout', 12.9166, 77.6101),
  L('bengaluru', 'Malleshwaram', 13.0031, 77.5643),
  L('bengaluru', 'Basavanagudi', 12.9422, 77.5738),
  L('bengaluru', 'MG Road', 12.9755, 77.6067),
  L('bengaluru', 'Electronic City', 12.8452, 77.6602),
  L('bengaluru', 'Marathahalli', 12.9591, 77.6974),
  L('bengaluru', 'Bellandur', 12.9304, 77.6784),
  L('bengaluru', 'Hebbal', 13.0358, 77.597),
  L('bengaluru', 'Yelahanka', 13.1005, 77.5963),
  L('bengaluru', 'Rajajinagar', 12.9915, 77.5548),
  L('bengaluru', 'Banashankari', 12.9255, 77.5468),
  L('bengaluru', 'Frazer Town', 12.9986, 77.6152),
  L('bengaluru', 'Ulsoor', 12.9817, 77.62),
  L('bengaluru', 'Sadashivanagar', 13.0068, 77.5813),
  // Mumbai
  L('mumbai', 'Bandra West', 19.0596, 72.8295),
  L('mumbai', 'Andheri West', 19.1364, 72.8296),
  L('mumbai', 'Andheri East', 19.1136, 72.8697),
  L('mumbai', 'Juhu', 19.1075, 72.8263),
  L('mumbai', 'Powai', 19.1176, 72.906),
  L('mumbai', 'Colaba', 18.9067, 72.8147),
  L('mumbai', 'Lower Parel', 18.9953, 72.83),
  L('mumbai', 'Dadar', 19.0178, 72.8478),
  L('mumbai', 'Worli', 19.0169, 72.817),
  L('mumbai', 'Malad West', 19.1874, 72.8484),
  L('mumbai', 'Goregaon', 19.1663, 72.8526),
  L('mumbai', 'Chembur', 19.0522, 72.9005),
  L('mumbai', 'Ghatkopar', 19.086, 72.9081),
  L('mumbai', 'Khar West', 19.0728, 72.8365),
  L('mumbai', 'Santacruz West', 19.0815, 72.841),
  L('mumbai', 'Vile Parle', 19.0997, 72.8463),
  L('mumbai', 'Borivali', 19.2307, 72.8567),
  L('mumbai', 'Kandivali', 19.2059, 72.8519),
  L('mumbai', 'Fort', 18.9338, 72.8356),
  L('mumbai', 'Churchgate', 18.9322, 72.8264),
  L('mumbai', 'Versova', 19.131, 72.815),
  L('mumbai', 'Mulund', 19.172, 72.956),
  // Delhi
  L('delhi', 'Connaught Place', 28.6315, 77.2167),
  L('delhi', 'Hauz Khas', 28.5494, 77.2001),
  L('delhi', 'Saket', 28.5245, 77.2066),
  L('delhi', 'Lajpat Nagar', 28.5677, 77.2433),
  L('delhi', 'Karol Bagh', 28.6519, 77.1909),
  L('delhi', 'Chandni Chowk', 28.6506, 77.2303),
  L('delhi', 'Rajouri Garden', 28.6415, 77.1209),
  L('delhi', 'Vasant Kunj', 28.5293, 77.1546),
  L('delhi', 'Defence Colony', 28.572, 77.23),
  L('delhi', 'Greater Kailash', 28.5482, 77.238),
  L('delhi', 'Khan Market', 28.6003, 77.227),
  L('delhi', 'Dwarka', 28.5921, 77.046),
  L('delhi', 'Rohini', 28.7158, 77.114),
  L('delhi', 'Pitampura', 28.7033, 77.1322),
  L('delhi', 'Janakpuri', 28.6219, 77.0878),
  L('delhi', 'Mayur Vihar', 28.6044, 77.2894),
  L('delhi', 'Preet Vihar', 28.6418, 77.2953),
  L('delhi', 'Kalkaji', 28.54, 77.259),
  L('delhi', 'Nehru Place', 28.5491, 77.2533),
  L('delhi', 'Green Park', 28.56, 77.207),
  L('delhi', 'Malviya Nagar', 28.5339, 77.209),
  L('delhi', 'Paharganj', 28.6443, 77.2122),
  L('delhi', 'Kamla Nagar', 28.6815, 77.2075),
  L('delhi', 'Vasant Vihar', 28.557, 77.16),
  // Hyderabad
  L('hyderabad', 'Banjara Hills', 17.4156, 78.4347),
  L('hyderabad', 'Jubilee Hills', 17.4325, 78.407),
  L('hyderabad', 'Gachibowli', 17.4401, 78.3489),
  L('hyderabad', 'HITEC City', 17.4435, 78.3772),
  L('hyderabad', 'Madhapur', 17.4483, 78.3915),
  L('hyderabad', 'Kondapur', 17.4622, 78.3568),
  L('hyderabad', 'Kukatpally', 17.4849, 78.4138),
  L('hyderabad', 'Ameerpet', 17.4375, 78.4483),
  L('hyderabad', 'Begumpet', 17.4447, 78.4664),
  L('hyderabad', 'Secunderabad', 17.4399, 78.4983),
  L('hyderabad', 'Abids', 17.3916, 78.4744),
  L('hyderabad', 'Charminar', 17.3616, 78.4747),
  L('hyderabad', 'Mehdipatnam', 17.3957, 78.4395),
  L('hyderabad', 'Dilsukhnagar', 17.3688, 78.5247),
  L('hyderabad', 'Himayatnagar', 17.4025, 78.487),
  L('hyderabad', 'Somajiguda', 17.4253, 78.4597),
  L('hyderabad', 'Tolichowki', 17.3995, 78.4162),
  L('hyderabad', 'Manikonda', 17.4018, 78.3865),
  // Chennai
  L('chennai', 'T. Nagar', 13.0418, 80.2341),
  L('chennai', 'Adyar', 13.0012, 80.2565),
  L('chennai', 'Anna Nagar', 13.085, 80.2101),
  L('chennai', 'Velachery', 12.9791, 80.2181),
  L('chennai', 'Mylapore', 13.0339, 80.2619),
  L('chennai', 'Nungambakkam', 13.0569, 80.2425),
  L('chennai', 'Besant Nagar', 13.0002, 80.2668),
  L('chennai', 'Egmore', 13.0732, 80.2609),
  L('chennai', 'Alwarpet', 13.0336, 80.2546),
  L('chennai', 'Guindy', 13.01, 80.212),
  L('chennai', 'Porur', 13.0353, 80.158),
  L('chennai', 'Tambaram', 12.9249, 80.1),
  L('chennai', 'Kilpauk', 13.0848, 80.242),
  L('chennai', 'Kodambakkam', 13.0524, 80.225),
  L('chennai', 'Vadapalani', 13.05, 80.2121),
  L('chennai', 'Royapettah', 13.0546, 80.2636),
  L('chennai', 'Thoraipakkam', 12.9416, 80.2362),
  L('chennai', 'Perungudi', 12.9654, 80.2461),
  L('chennai', 'Sholinganallur', 12.901, 80.2279),
  L('chennai', 'Chromepet', 12.9516, 80.1462),
  // Pune
  L('pune', 'Koregaon Park', 18.5362, 73.894),
  L('pune', 'Kalyani Nagar', 18.5463, 73.9033),
  L('pune', 'Viman Nagar', 18.5679, 73.9143),
  L('pune', 'Baner', 18.559, 73.7868),
  L('pune', 'Aundh', 18.558, 73.8076),
  L('pune', 'Hinjewadi', 18.5913, 73.7389),
  L('pune', 'Kothrud', 18.5074, 73.8077),
  L('pune', 'Shivajinagar', 18.5308, 73.8475),
  L('pune', 'Deccan Gymkhana', 18.5167, 73.841),
  L('pune', 'Camp', 18.5161, 73.8775),
  L('pune', 'Hadapsar', 18.5089, 73.926),
  L('pune', 'Wakad', 18.5987, 73.7636),
  L('pune', 'Kharadi', 18.5515, 73.9348),
  L('pune', 'Magarpatta', 18.5158, 73.9272),
  L('pune', 'Sadashiv Peth', 18.5111, 73.849),
  L('pune', 'Swargate', 18.5018, 73.8636),
  L('pune', 'Wanowrie', 18.4912, 73.8982),
  L('pune', 'Kondhwa', 18.47, 73.89),
];

/** Localities of one city, in list order. */
export function localitiesOf(citySlug: string): Locality[] {
  return LOCALITIES.filter((l) => l.city === citySlug);
}
