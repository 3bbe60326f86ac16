// Home (/) for visitors without a delivery location: pick a location (search or GPS) or a popular city.
import { useState } from 'react';
import { Link, useNavigate } from '../../lib/router.tsx';
import { useAppState, type UserLocation } from '../../lib/app-state.ts';
import { saveLocation } from './choose-location.ts';
import { LocationSearch } from './location-search.tsx';
import './location.css';

/** City centres (the point a city tile picks). */
export const POPULAR_CITIES: UserLocation[] = [
  { area: 'Bengaluru', address: 'Bengaluru, Karnataka, India', lat: 12.9716, lng: 77.5946 },
  { area: 'Mumbai', address: 'Mumbai, Maharashtra, India', lat: 19.076, lng: 72.8777 },
  { area: 'Delhi', address: 'New Delhi, Delhi, India', lat: 28.6139, lng: 77.209 },
  { area: 'Hyderabad', address: 'Hyderabad, Telangana, India', lat: 17.385, lng: 78.4867 },
  { area: 'Chennai', address: 'Chennai, Tamil Nadu, India', lat: 13.0827, lng: 80.2707 },
  { area: 'Pune', address: 'Pune, Maharashtra, India', lat: 18.5204, lng: 73.8567 },
  { area: 'Kolkata', address: 'Kolkata, West Bengal, India', lat: 22.5726, lng: 88.3639 },
  { area: 'Ahmedabad', address: 'Ahmedabad, Gujarat, India', lat: 23.0225, lng: 72.5714 },
];

export function HomePage() {
  const navigate = useNavigate();
  const loggedIn = useAppState((s) => s.loggedIn);
  const [picked, setPicked] = useState<string | null>(null);
  const go = () => navigate('/restaurants');

  return (
    <main id="main" className="page home">
      <div className="home__band">
        <div className="home__top">
          <span className="home__logo">
            <img src="/favicon.svg" alt="" width={36} height={36} />
            Bhojan
          </span>
          {loggedIn ? (
            <Link className="home__login" to="/myaccount">
              My account
            </Link>
          ) : (
            <Link className="home__login" to="/login">
              Log in
            </Link>
          )}
        </div>
        <section className="home__hero" aria-labelledby="home-title">
          <div className="home__intro">
            <h1 id="home-title" className="home__title">
              Hungry? Great food from restaurants near you, delivered fast.
            </h1>
            <p className="home__lead">Enter your delivery location to see who delivers to you.</p>
            <div className="home__search">
              <LocationSearch onPicked={go} inputLabel="Enter your delivery location" />
            </div>
          </div>
          <HeroArt />
        </section>
      </div>

      <section className="home__cities" aria-labelledby="home-cities">
        <h2 id="home-cities" className="home__h2">
          Popular cities
        </h2>
        <ul className="home__city-list">
          {POPULAR_CITIES.map((c) => (
            <li key={c.area}>
              <button
                type="button"
                className="home__city"
                disabled={picked !== null}
                onClick={() => {
                  setPicked(c.area);
                  saveLocation({ ...c, deliveryLocation: c.address });
                  go();
                }}
              >
                {c.area}
              </button>
            </li>
          ))}
        </ul>
      </section>

      <section className="home__why" aria-labelledby="home-why">
        <h2 id="home-why" className="home__h2">
          Why order with Bhojan
        </h2>
        <ul className="home__why-list">
          <li>
            <strong>Live tracking</strong>
            <span>Follow your order from the kitchen to your door.</span>
          </li>
          <li>
            <strong>Offers every day</strong>
            <span>Coupons and restaurant deals, applied at checkout.</span>
          </li>
          <li>
            <strong>Works on a flaky network</strong>
            <span>Menus and your cart stay available when the signal drops.</span>
          </li>
        </ul>
      </section>
    </main>
  );
}

/** A steaming bowl, drawn inline so the hero needs no image request. */
function HeroArt() {
  return (
    <svg
      className="home__art"
      viewBox="0 0 320 260"
      width="320"
      height="260"
      aria-hidden="true"
      focusable="false"
    >
      <g fill="none" stroke="#1f1a00" strokeWidth="8" strokeLinecap="round">
        <path
          d="M110 40c-14 16 14 28 0 46M160 26c-14 18 14 32 0 52M210 40c-14 16 14 28 0 46"
          opacity="0.55"
        />
      </g>
      <ellipse cx="160" cy="122" rx="130" ry="22" fill="#1f1a00" />
      <path d="M30 122h260c0 70-58 118-130 118S30 192 30 122Z" fill="#1f1a00" />
      <path d="M56 140h208" stroke="#fed501" strokeWidth="6" strokeLinecap="round" opacity="0.8" />
      <circle cx="110" cy="112" r="16" fill="#f28c28" />
      <circle cx="150" cy="106" r="14" fill="#2e9e4f" />
      <circle cx="194" cy="112" r="18" fill="#e4572e" />
      <circle cx="230" cy="110" r="11" fill="#fff4c2" />
    </svg>
  );
}
