// Dish pools of the demo seed, by cuisine profile and menu category. Each line reads
// `v|Name|price in rupees|image kind|description` (`v` vegetarian, `e` egg but no meat or fish, `n`
// non-vegetarian); the image kind names a generated illustration public/img/dishes/<kind>.webp, drawn as <kind>.svg
// (see scripts/generate-images.mjs).

export interface Dish {
  name: string;
  veg: boolean;
  /** An egg dish: egg, but no meat or fish (the egg mark). */
  egg: boolean;
  /** Base price in rupees before the restaurant's price level is applied. */
  price: number;
  image: string;
  description: string;
}

/** Image kinds that scripts/generate-images.mjs draws as public/img/dishes/<kind>.svg (pictured as .webp). */
export const DISH_IMAGE_KINDS = [
  'biryani',
  'curry',
  'paneer',
  'dal',
  'kebab',
  'tandoori',
  'bread',
  'rice',
  'dosa',
  'idli',
  'vada',
  'noodles',
  'fried-rice',
  'manchurian',
  'momos',
  'pizza',
  'pasta',
  'garlic-bread',
  'burger',
  'fries',
  'wrap',
  'sandwich',
  'salad',
  'soup',
  'fish',
  'prawn',
  'ice-cream',
  'cake',
  'sweet',
  'coffee',
  'tea',
  'juice',
  'shake',
  'chaat',
  'thali',
  'appam',
  'egg',
  'wings',
  'bowl',
] as const;

function parse(lines: string): Dish[] {
  return lines
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const [kind, name, price, image, description] = l.split('|');
      if (!name || !price || !image || !description || (kind !== 'v' && kind !== 'e' && kind !== 'n')) {
        throw new Error(`bad dish line: ${l}`);
      }
      return { name, veg: kind === 'v', egg: kind === 'e', price: Number(price), image, description };
    });
}

export type Menu = Record<string, Dish[]>;

const INDIAN_BREADS = parse(`
v|Tandoori Roti|49|bread|Whole-wheat flatbread baked in the clay oven.
v|Butter Naan|69|bread|Soft leavened bread from the tandoor, brushed with butter.
v|Garlic Naan|89|bread|Naan topped with chopped garlic and fresh coriander.
v|Laccha Paratha|79|bread|Flaky, many-layered whole-wheat paratha.
v|Missi Roti|69|bread|Gram-flour flatbread with onion, green chilli and ajwain.
v|Cheese Naan|129|bread|Naan stuffed with melted cheese.
v|Aloo Kulcha|109|bread|Kulcha stuffed with spiced potato, baked in the tandoor.
v|Rumali Roti|59|bread|Paper-thin handkerchief bread, folded soft.
`);

const INDIAN_RICE = parse(`
v|Jeera Rice|149|rice|Basmati rice tempered with cumin and ghee.
v|Steamed Basmati Rice|119|rice|Plain steamed long-grain basmati rice.
v|Veg Pulao|179|rice|Basmati rice cooked with seasonal vegetables and whole spices.
v|Curd Rice|139|rice|Creamy curd rice with mustard, curry leaves and pomegranate.
v|Ghee Rice|159|rice|Fragrant rice cooked in ghee with fried onions and cashews.
v|Kashmiri Pulao|219|rice|Mildly sweet pulao with dry fruits and saffron.
`);

const INDIAN_DESSERTS = parse(`
v|Gulab Jamun (2 pcs)|79|sweet|Warm milk-solid dumplings soaked in cardamom syrup.
v|Rasmalai (2 pcs)|119|sweet|Soft cottage-cheese discs in saffron and pistachio milk.
v|Gajar Halwa|129|sweet|Slow-cooked carrot pudding with khoya and nuts.
v|Phirni|99|sweet|Chilled ground-rice pudding set in a clay pot.
v|Kulfi Falooda|149|ice-cream|Malai kulfi with vermicelli, basil seeds and rose syrup.
v|Double Ka Meetha|119|sweet|Hyderabadi bread pudding with saffron and dry fruits.
v|Shahi Tukda|129|sweet|Fried bread in thickened sweet milk, topped with nuts.
`);

const INDIAN_BEVERAGES = parse(`
v|Sweet Lassi|89|shake|Thick churned yoghurt drink, lightly sweetened.
v|Mango Lassi|109|shake|Yoghurt blended with Alphonso mango pulp.
v|Masala Chaas|59|shake|Spiced buttermilk with roasted cumin and mint.
v|Fresh Lime Soda|79|juice|Fresh lime with soda, sweet, salted or mixed.
v|Masala Chai|49|tea|Ginger and cardamom tea brewed with milk.
v|Rose Milk|79|shake|Chilled milk with rose syrup.
v|Jaljeera|59|juice|Tangy cumin and mint cooler.
v|Soft Drink (300 ml)|49|juice|A chilled aerated drink.
`);

export const NORTH_INDIAN: Menu = {
  Starters: parse(`
v|Paneer Tikka|249|paneer|Cottage cheese cubes marinated in spiced yoghurt and chargrilled in the tandoor.
v|Hara Bhara Kebab|199|kebab|Spinach, pea and potato patties with a hint of green chilli.
v|Tandoori Mushroom|229|tandoori|Button mushrooms in a smoky tandoori marinade.
v|Veg Seekh Kebab|219|kebab|Minced vegetables and spices, skewered and grilled.
v|Dahi Ke Kebab|229|kebab|Hung-curd patties, crisp outside and creamy inside.
v|Malai Soya Chaap|239|tandoori|Soya chaap in a creamy cashew marinade, grilled.
n|Chicken Tikka|289|tandoori|Boneless chicken marinated overnight and grilled in the tandoor.
n|Tandoori Chicken (Half)|299|tandoori|Bone-in chicken in the classic red marinade, smoky and juicy.
n|Chicken Malai Tikka|309|kebab|Chicken in a cream, cheese and cardamom marinade.
n|Mutton Seekh Kebab|349|kebab|Minced mutton with spices, grilled on skewers.
n|Fish Amritsari|329|fish|Batter-fried fish with carom and chilli, Amritsar style.
n|Chicken Reshmi Kebab|299|kebab|Silky chicken kebabs with cashew and cream.
`),
  'Main Course': parse(`
v|Paneer Butter Masala|269|paneer|Paneer in a rich tomato and butter gravy.
v|Kadai Paneer|259|paneer|Paneer tossed with capsicum and onion in kadai masala.
v|Palak Paneer|249|paneer|Cottage cheese in a smooth spinach gravy.
v|Dal Makhani|229|dal|Black lentils slow-cooked overnight with butter and cream.
v|Dal Tadka|179|dal|Yellow lentils tempered with garlic, cumin and red chilli.
v|Chole Masala|199|curry|Chickpeas in a tangy Punjabi gravy.
v|Malai Kofta|259|curry|Cottage cheese and potato dumplings in a mild cashew gravy.
v|Mix Veg Curry|209|curry|Seasonal vegetables in an onion and tomato masala.
v|Shahi Paneer|269|paneer|Paneer in a royal cashew and cream gravy.
v|Aloo Gobi|179|curry|Potato and cauliflower tossed dry with spices.
n|Butter Chicken|329|curry|Tandoori chicken in a velvety tomato and butter gravy.
n|Chicken Tikka Masala|329|curry|Grilled chicken tikka in a spiced onion and tomato masala.
n|Kadai Chicken|309|curry|Chicken with capsicum and coarsely ground kadai spices.
n|Mutton Rogan Josh|399|curry|Kashmiri-style mutton curry with red chilli and fennel.
n|Chicken Curry (Home Style)|279|curry|Bone-in chicken in a homely onion and tomato gravy.
e|Egg Curry|199|egg|Boiled eggs in a spiced onion gravy.
`),
  'Thalis & Combos': parse(`
v|Veg Thali|249|thali|Dal, two sabzis, rice, two rotis, raita, salad and a sweet.
v|Rajma Chawal Bowl|189|bowl|Kidney beans in Punjabi gravy over steamed rice.
v|Chole Kulche Combo|179|thali|Spicy chole with two soft kulchas.
n|Non-Veg Thali|329|thali|Chicken curry, dal, rice, two rotis, raita, salad and a sweet.
n|Butter Chicken Rice Bowl|269|bowl|Butter chicken over jeera rice.
`),
  Soups: parse(`
v|Tomato Shorba|119|soup|Spiced tomato broth finished with coriander.
v|Sweet Corn Veg Soup|129|soup|Creamy sweet corn soup with diced vegetables.
n|Murgh Shorba|149|soup|Light chicken broth with Indian spices.
`),
  Breads: INDIAN_BREADS,
  Rice: INDIAN_RICE,
  Desserts: INDIAN_DESSERTS,
  Beverages: INDIAN_BEVERAGES,
};

export const BIRYANI: Menu = {
  Biryani: parse(`
n|Chicken Biryani|299|biryani|Dum biryani with tender chicken, long-grain basmati and saffron, served with raita and salan.
n|Chicken 65 Biryani|319|biryani|Biryani rice topped with spicy Chicken 65.
n|Mutton Biryani|379|biryani|Slow-cooked dum biryani with succulent goat meat.
e|Egg Biryani|219|biryani|Fragrant biryani rice with masala-fried eggs.
n|Prawn Biryani|369|biryani|Coastal-style biryani with juicy prawns.
n|Chicken Fry Piece Biryani|319|biryani|Biryani rice with crisp fried chicken pieces.
n|Lucknowi Chicken Biryani|329|biryani|Mild, aromatic Awadhi-style biryani.
n|Boneless Chicken Biryani|329|biryani|Dum biryani with boneless chicken pieces.
v|Veg Biryani|219|biryani|Dum biryani with mixed vegetables and fried onions.
v|Paneer Biryani|249|biryani|Biryani layered with spiced paneer cubes.
v|Mushroom Biryani|239|biryani|Dum biryani with mushrooms and mint.
`),
  Starters: parse(`
n|Chicken 65|249|wings|Spicy deep-fried chicken with curry leaves and green chilli.
n|Chicken Kebab|259|kebab|Boneless chicken kebabs fried golden.
n|Apollo Fish|299|fish|Hyderabadi fried fish tossed in a tangy chilli and yoghurt sauce.
n|Pepper Chicken|269|curry|Dry chicken tossed with crushed black pepper.
n|Mutton Sukka|349|curry|Dry mutton roast with coconut and spices.
n|Chicken Lollipop|259|wings|Frenched wings fried and tossed in a spicy glaze.
v|Paneer Tikka|249|paneer|Cottage cheese cubes marinated in spiced yoghurt and chargrilled in the tandoor.
v|Gobi 65|179|manchurian|Crisp cauliflower florets in a spicy batter.
v|Baby Corn Pepper Fry|189|manchurian|Baby corn tossed with pepper, onion and curry leaves.
`),
  Curries: parse(`
n|Chicken Curry (Home Style)|279|curry|Bone-in chicken in a homely onion and tomato gravy.
n|Mutton Curry|349|curry|Tender mutton in a slow-cooked spicy gravy.
n|Butter Chicken|329|curry|Tandoori chicken in a velvety tomato and butter gravy.
n|Andhra Chilli Chicken|289|curry|Fiery Andhra-style chicken with green chillies.
v|Paneer Butter Masala|269|paneer|Paneer in a rich tomato and butter gravy.
v|Dal Tadka|179|dal|Yellow lentils tempered with garlic, cumin and red chilli.
v|Mirchi Ka Salan|149|curry|Green chillies in a peanut and sesame gravy, the classic biryani side.
`),
  Sides: parse(`
v|Raita|49|bowl|Chilled yoghurt with onion and cucumber.
v|Mirchi Bajji|99|chaat|Batter-fried long green chillies.
e|Boiled Eggs (2 pcs)|49|egg|Two boiled eggs with a pinch of pepper.
v|Green Salad|79|salad|Sliced cucumber, onion, tomato and lemon.
`),
  Breads: INDIAN_BREADS,
  Desserts: INDIAN_DESSERTS,
  Beverages: INDIAN_BEVERAGES,
};

export const SOUTH_INDIAN: Menu = {
  'Idli & Vada': parse(`
v|Idli (2 pcs)|59|idli|Steamed rice and lentil cakes with sambar and two chutneys.
v|Medu Vada (2 pcs)|69|vada|Crisp lentil doughnuts with sambar and chutney.
v|Idli Vada Combo|89|idli|Two idlis and one vada with sambar and chutney.
v|Sambar Idli|79|idli|Mini idlis soaked in hot sambar with a spoon of ghee.
v|Rava Idli|79|idli|Semolina idli with cashew and coriander, a Bengaluru classic.
v|Dahi Vada|89|vada|Vada soaked in spiced yoghurt.
v|Thatte Idli|69|idli|A large plate-sized idli, soft and fluffy.
v|Button Idli with Ghee Podi|89|idli|Bite-sized idlis tossed in ghee and gunpowder.
`),
  Dosa: parse(`
v|Masala Dosa|99|dosa|Crisp rice crepe with spiced potato filling, sambar and chutney.
v|Plain Dosa|79|dosa|Golden crisp dosa with sambar and chutney.
v|Set Dosa (3 pcs)|99|dosa|Soft, spongy dosas with vegetable sagu.
v|Mysore Masala Dosa|119|dosa|Dosa with a fiery red chutney and potato masala.
v|Ghee Roast Dosa|129|dosa|Paper-thin dosa roasted in pure ghee.
v|Rava Dosa|109|dosa|Lacy semolina dosa with onion and green chilli.
v|Onion Uttapam|109|dosa|Thick rice pancake topped with onion and coriander.
v|Benne Dosa|119|dosa|Davangere-style butter dosa.
v|Paneer Dosa|139|dosa|Dosa filled with spiced crumbled paneer.
v|Neer Dosa (3 pcs)|99|dosa|Soft, thin rice crepes from the Karnataka coast.
e|Egg Dosa|119|dosa|Dosa topped with a beaten egg and pepper.
n|Chicken Kheema Dosa|179|dosa|Dosa stuffed with spicy minced chicken.
`),
  'Rice & Meals': parse(`
v|South Indian Meals|179|thali|Rice, sambar, rasam, two poriyals, kootu, curd, papad and payasam.
v|Bisi Bele Bath|119|rice|Spicy lentil rice with vegetables and ghee.
v|Lemon Rice|99|rice|Rice tempered with lemon, peanuts and curry leaves.
v|Curd Rice|99|rice|Creamy curd rice with mustard and curry leaves.
v|Puliyogare|99|rice|Tamarind rice with peanuts and curry leaves.
v|Vegetable Pulao|129|rice|Mildly spiced rice with vegetables.
n|Chettinad Chicken Meals|249|thali|Rice, Chettinad chicken curry, rasam, poriyal and curd.
`),
  Specials: parse(`
v|Ven Pongal|89|rice|Rice and moong dal with pepper, cumin and ghee.
v|Poori Sagu|99|bread|Two pooris with potato sagu.
v|Chow Chow Bath|99|rice|Khara bath and kesari bath on one plate.
v|Parotta with Kurma|129|bread|Layered parotta with vegetable kurma.
v|Mini Tiffin|149|idli|Mini idlis, a small dosa, pongal, kesari and coffee.
v|Akki Roti|89|bread|Rice-flour flatbread with onion and dill.
n|Chicken Chettinad|279|curry|Chicken in a peppery Chettinad masala.
n|Mutton Pepper Fry|329|curry|Mutton tossed with black pepper and curry leaves.
`),
  Desserts: parse(`
v|Kesari Bath|69|sweet|Semolina sweet with ghee and saffron.
v|Semiya Payasam|79|sweet|Vermicelli cooked in milk with cardamom and cashews.
v|Gulab Jamun (2 pcs)|79|sweet|Warm milk-solid dumplings soaked in cardamom syrup.
v|Mysore Pak (2 pcs)|89|sweet|Ghee-rich gram flour fudge.
`),
  Beverages: parse(`
v|Filter Coffee|49|coffee|Strong decoction coffee with frothy milk, served in a davara.
v|Badam Milk|79|shake|Warm almond milk with saffron.
v|Neer Mor|49|shake|Thin spiced buttermilk with ginger and curry leaves.
v|Masala Chai|49|tea|Ginger and cardamom tea brewed with milk.
v|Fresh Lime Juice|69|juice|Freshly squeezed lime, sweet or salted.
`),
};

export const CHINESE: Menu = {
  Soups: parse(`
v|Veg Manchow Soup|139|soup|Spicy soy broth with vegetables and crispy noodles.
v|Hot and Sour Veg Soup|139|soup|Tangy, peppery soup with vegetables.
v|Lemon Coriander Soup|139|soup|Light clear soup with lemon and coriander.
n|Chicken Manchow Soup|159|soup|Spicy soy broth with chicken and crispy noodles.
n|Chicken Hot and Sour Soup|159|soup|Tangy, peppery soup with shredded chicken.
`),
  Starters: parse(`
v|Veg Manchurian (Dry)|199|manchurian|Vegetable dumplings tossed in a garlic-soy sauce.
v|Chilli Paneer|239|paneer|Paneer tossed with capsicum, onion and green chilli.
v|Crispy Corn Salt and Pepper|199|manchurian|Fried sweet corn with pepper and spring onion.
v|Honey Chilli Potato|189|fries|Crispy potato fingers in a sweet and spicy glaze.
v|Veg Spring Rolls|179|wrap|Crisp rolls filled with stir-fried vegetables.
n|Chilli Chicken|259|wings|Fried chicken tossed with green chilli and soy.
n|Dragon Chicken|279|wings|Chicken strips in a fiery red sauce with cashews.
n|Chicken Lollipop|249|wings|Frenched wings fried and served with schezwan sauce.
n|Drums of Heaven|289|wings|Chicken lollipops tossed in a sticky chilli sauce.
n|Prawns Salt and Pepper|349|prawn|Crisp prawns with garlic, pepper and chilli.
n|Fish in Chilli Garlic|319|fish|Fried fish tossed in a chilli and garlic sauce.
`),
  Momos: parse(`
v|Veg Steamed Momos|129|momos|Dumplings with cabbage and carrot, served with red chutney.
v|Paneer Momos|149|momos|Steamed dumplings filled with spiced paneer.
v|Veg Fried Momos|139|momos|Crisp fried vegetable dumplings.
n|Chicken Steamed Momos|149|momos|Juicy chicken dumplings with red chutney.
n|Chicken Fried Momos|159|momos|Crisp fried chicken dumplings.
n|Chicken Kurkure Momos|179|momos|Crumb-coated crunchy chicken momos.
`),
  Noodles: parse(`
v|Veg Hakka Noodles|179|noodles|Wok-tossed noodles with crunchy vegetables.
v|Schezwan Veg Noodles|189|noodles|Noodles in a spicy schezwan sauce.
v|Chilli Garlic Noodles|189|noodles|Noodles tossed with burnt garlic and chilli.
n|Chicken Hakka Noodles|209|noodles|Wok-tossed noodles with chicken and vegetables.
e|Egg Noodles|189|noodles|Noodles tossed with scrambled egg and spring onion.
n|Mixed Meat Noodles|249|noodles|Noodles with chicken, egg and prawns.
`),
  'Fried Rice': parse(`
v|Veg Fried Rice|169|fried-rice|Wok-fried rice with vegetables and spring onion.
v|Schezwan Fried Rice|179|fried-rice|Fried rice in a spicy schezwan sauce.
v|Burnt Garlic Fried Rice|189|fried-rice|Fried rice with crisp burnt garlic.
e|Egg Fried Rice|179|fried-rice|Fried rice tossed with egg and vegetables.
n|Chicken Fried Rice|209|fried-rice|Fried rice with chicken and vegetables.
n|Prawn Fried Rice|259|fried-rice|Fried rice with juicy prawns.
`),
  'Main Course': parse(`
v|Veg Manchurian Gravy|209|manchurian|Vegetable dumplings in a thick garlic-soy gravy.
v|Paneer in Hot Garlic Sauce|249|paneer|Paneer in a spicy garlic sauce.
v|Exotic Veg in Black Bean Sauce|239|curry|Broccoli, baby corn and peppers in black bean sauce.
n|Chicken in Hot Garlic Sauce|269|curry|Chicken in a spicy garlic sauce.
n|Kung Pao Chicken|279|curry|Chicken with peanuts, dry chillies and Sichuan pepper.
n|Chilli Chicken Gravy|269|curry|Chilli chicken in a glossy soy gravy.
`),
  Desserts: parse(`
v|Date Pancake with Ice Cream|159|cake|Crisp pancake filled with dates, with vanilla ice cream.
v|Honey Noodles with Ice Cream|149|ice-cream|Crisp noodles in honey and sesame with ice cream.
v|Fried Ice Cream|169|ice-cream|Crumb-fried vanilla ice cream, hot outside and cold inside.
`),
  Beverages: parse(`
v|Iced Lemon Tea|89|tea|Chilled black tea with lemon.
v|Virgin Mojito|119|juice|Lime, mint and soda.
v|Soft Drink (300 ml)|49|juice|A chilled aerated drink.
`),
};

export const PIZZA: Menu = {
  Pizzas: parse(`
v|Margherita Pizza|199|pizza|Classic tomato sauce, mozzarella and basil.
v|Farmhouse Pizza|279|pizza|Onion, capsicum, tomato and mushroom.
v|Peppy Paneer Pizza|299|pizza|Paneer, capsicum and red paprika.
v|Veggie Supreme Pizza|319|pizza|Olives, onion, capsicum, mushroom, corn and jalapeno.
v|Corn and Cheese Pizza|249|pizza|Golden corn with extra cheese.
v|Tandoori Paneer Pizza|309|pizza|Tandoori paneer, onion and mint mayo.
v|Mexican Green Wave Pizza|289|pizza|Onion, capsicum, tomato and jalapeno with Mexican herbs.
v|Four Cheese Pizza|349|pizza|Mozzarella, cheddar, parmesan and gouda.
v|Paneer Makhani Pizza|319|pizza|Paneer in makhani sauce with onion and capsicum.
n|Pepperoni Pizza|349|pizza|Chicken pepperoni with extra mozzarella.
n|BBQ Chicken Pizza|339|pizza|Barbecue chicken, onion and smoky sauce.
n|Chicken Tikka Pizza|329|pizza|Chicken tikka, onion and capsicum.
n|Chicken Supreme Pizza|369|pizza|Chicken sausage, chicken tikka and barbecue chicken.
n|Chicken Sausage Pizza|319|pizza|Chicken sausage with onion and mozzarella.
n|Chicken Keema Pizza|339|pizza|Spiced chicken mince with onion and green chilli.
`),
  'Gourmet Pizzas': parse(`
v|Burrata and Basil Pizza|449|pizza|Creamy burrata, cherry tomatoes and fresh basil.
v|Truffle Mushroom Pizza|479|pizza|Wild mushrooms with truffle oil and parmesan.
v|Pesto Veggie Pizza|399|pizza|Basil pesto, zucchini, peppers and olives.
n|Peri Peri Chicken Pizza|429|pizza|Peri peri chicken, onion and red paprika.
n|Smoked Chicken and Jalapeno Pizza|449|pizza|Smoked chicken with jalapenos and cheddar.
`),
  Pasta: parse(`
v|Penne Arrabbiata|249|pasta|Penne in a spicy tomato and garlic sauce.
v|Penne Alfredo|269|pasta|Penne in a creamy parmesan sauce.
v|Pink Sauce Pasta|269|pasta|Penne in a tomato and cream sauce.
v|Pesto Spaghetti|289|pasta|Spaghetti with basil pesto and parmesan.
v|Baked Mac and Cheese|249|pasta|Macaroni baked in a three-cheese sauce.
n|Chicken Alfredo Pasta|309|pasta|Penne in a creamy sauce with grilled chicken.
n|Spaghetti Bolognese|329|pasta|Spaghetti with a slow-cooked minced lamb ragu.
`),
  Sides: parse(`
v|Garlic Breadsticks|129|garlic-bread|Baked breadsticks with garlic butter.
v|Cheesy Garlic Bread|159|garlic-bread|Garlic bread topped with melted mozzarella.
v|Potato Wedges|119|fries|Seasoned, skin-on potato wedges.
v|Stuffed Garlic Bread|169|garlic-bread|Garlic bread stuffed with cheese, corn and jalapeno.
v|Jalapeno Cheese Poppers|149|fries|Crumbed jalapeno and cheese bites.
v|Loaded Nachos|149|fries|Corn chips with cheese sauce, salsa and jalapenos.
n|Chicken Wings (6 pcs)|229|wings|Oven-baked wings in barbecue sauce.
n|Chicken Meatballs|219|kebab|Chicken meatballs in a tomato and basil sauce.
`),
  Desserts: parse(`
v|Choco Lava Cake|109|cake|Chocolate cake with a molten centre.
v|Brownie with Ice Cream|149|cake|Warm walnut brownie with vanilla ice cream.
v|Tiramisu|199|cake|Coffee-soaked sponge with mascarpone cream.
v|Red Velvet Lava Cake|129|cake|Red velvet cake with a molten white chocolate centre.
`),
  Beverages: parse(`
v|Cold Coffee|129|coffee|Blended iced coffee with milk.
v|Virgin Mojito|119|juice|Lime, mint and soda.
v|Soft Drink (500 ml)|69|juice|A chilled aerated drink.
v|Iced Tea|99|tea|Chilled peach iced tea.
`),
};

export const BURGERS: Menu = {
  Burgers: parse(`
v|Classic Veg Burger|129|burger|Crunchy veg patty with lettuce, tomato and mayo.
v|Aloo Tikki Burger|99|burger|Spiced potato patty with onion and tangy sauce.
v|Paneer Makhani Burger|179|burger|Crumbed paneer patty with makhani sauce.
v|Crispy Veg Double Patty Burger|189|burger|Two crisp veg patties with cheese.
v|Mushroom Swiss Burger|219|burger|Grilled veg patty with sauteed mushrooms and Swiss cheese.
v|Spicy Bean Burger|149|burger|Mexican bean patty with salsa and cheese.
n|Classic Chicken Burger|169|burger|Grilled chicken patty with lettuce and mayo.
n|Crispy Chicken Burger|179|burger|Crunchy fried chicken fillet with spicy mayo.
n|Peri Peri Chicken Burger|199|burger|Peri peri chicken with onion and lettuce.
n|Double Chicken Cheese Burger|249|burger|Two chicken patties with double cheese.
n|Grilled Chicken Burger|209|burger|Herb-grilled chicken breast with garlic aioli.
n|Lamb Burger|299|burger|Juicy lamb patty with caramelised onion.
n|Fish Fillet Burger|219|burger|Crumbed fish fillet with tartare sauce.
`),
  Wraps: parse(`
v|Paneer Tikka Wrap|179|wrap|Paneer tikka with onion and mint mayo in a soft wrap.
v|Falafel Wrap|169|wrap|Falafel, hummus and pickled vegetables.
v|Veg Crunch Wrap|149|wrap|Crunchy veg patty, lettuce and salsa in a tortilla.
n|Chicken Tikka Wrap|199|wrap|Chicken tikka with onion and mint mayo.
n|Crispy Chicken Wrap|189|wrap|Fried chicken strips with lettuce and spicy sauce.
`),
  Sides: parse(`
v|Classic Salted Fries|99|fries|Crisp golden fries with sea salt.
v|Peri Peri Fries|119|fries|Fries dusted with peri peri spice.
v|Cheese Loaded Fries|159|fries|Fries topped with cheese sauce and jalapenos.
v|Onion Rings|119|fries|Crumbed, crisp onion rings.
v|Masala Corn Cup|99|salad|Buttered sweet corn tossed with masala and lime.
n|Chicken Nuggets (6 pcs)|169|wings|Bite-sized crumbed chicken.
n|Chicken Popcorn|159|wings|Crunchy spiced chicken bites.
n|Hot Wings (6 pcs)|219|wings|Wings tossed in a hot sauce.
`),
  Meals: parse(`
v|Veg Burger Meal|229|burger|Classic veg burger with fries and a drink.
v|Paneer Burger Meal|259|burger|Paneer makhani burger with fries and a drink.
n|Double Chicken Burger Meal|319|burger|Double chicken cheese burger with fries and a drink.
n|Chicken Burger Meal|269|burger|Crispy chicken burger with fries and a drink.
`),
  Shakes: parse(`
v|Chocolate Shake|149|shake|Thick chocolate milkshake.
v|Strawberry Shake|149|shake|Thick strawberry milkshake.
v|Oreo Shake|169|shake|Milkshake blended with Oreo cookies.
v|Vanilla Shake|139|shake|Classic vanilla milkshake.
v|Cold Coffee|129|coffee|Blended iced coffee with milk.
`),
  Desserts: parse(`
v|Chocolate Brownie|99|cake|Fudgy chocolate brownie.
v|Soft Serve Cone|59|ice-cream|Vanilla soft serve in a crisp cone.
v|Choco Sundae|119|ice-cream|Soft serve with hot chocolate fudge.
v|Apple Pie|89|cake|Warm baked apple pie with cinnamon.
`),
};

export const DESSERTS: Menu = {
  'Ice Creams': parse(`
v|Belgian Chocolate Scoop|99|ice-cream|Rich Belgian chocolate ice cream.
v|Alphonso Mango Scoop|99|ice-cream|Ice cream made with Alphonso mangoes.
v|Tender Coconut Ice Cream|109|ice-cream|Creamy ice cream with tender coconut bits.
v|Sitaphal Ice Cream|109|ice-cream|Seasonal custard-apple ice cream.
v|Butterscotch Scoop|89|ice-cream|Butterscotch ice cream with crunchy praline.
v|Death by Chocolate Sundae|249|ice-cream|Chocolate ice cream, brownie, fudge and nuts.
v|Sizzling Brownie with Ice Cream|219|cake|Hot brownie on a sizzler plate with vanilla ice cream.
v|Gadbad Ice Cream|189|ice-cream|Mangalore's layered sundae with fruit, jelly and nuts.
v|Pista Kulfi|89|ice-cream|Dense pistachio kulfi on a stick.
v|Strawberry Scoop|89|ice-cream|Ice cream with real strawberry bits.
`),
  'Cakes & Pastries': parse(`
v|Chocolate Truffle Pastry|119|cake|Layers of chocolate sponge and truffle ganache.
v|Red Velvet Pastry|129|cake|Red velvet sponge with cream cheese frosting.
v|Black Forest Pastry|109|cake|Chocolate sponge, cream and cherries.
v|Blueberry Cheesecake|219|cake|Baked cheesecake with blueberry compote.
v|Chocolate Truffle Cake (500 g)|599|cake|Eggless chocolate truffle cake, serves 4 to 6.
v|Pineapple Cake (500 g)|449|cake|Eggless pineapple cream cake, serves 4 to 6.
v|Lotus Biscoff Cheesecake|249|cake|Creamy cheesecake on a caramelised biscuit base.
`),
  'Indian Sweets': parse(`
v|Gulab Jamun (2 pcs)|79|sweet|Warm milk-solid dumplings soaked in cardamom syrup.
v|Rasmalai (2 pcs)|119|sweet|Soft cottage cheese discs in saffron and pistachio milk.
v|Rasgulla (2 pcs)|79|sweet|Spongy cottage cheese balls in light syrup.
v|Kaju Katli (250 g)|349|sweet|Cashew fudge with silver leaf.
v|Motichoor Ladoo (4 pcs)|149|sweet|Fine boondi ladoos made in ghee.
v|Mysore Pak (250 g)|249|sweet|Ghee-rich gram flour fudge.
v|Kesar Peda (4 pcs)|159|sweet|Saffron milk fudge.
`),
  'Waffles & Pancakes': parse(`
v|Nutella Waffle|199|cake|Crisp waffle with Nutella.
v|Belgian Chocolate Waffle|189|cake|Waffle with Belgian chocolate sauce.
v|Maple Butter Pancakes|179|cake|Fluffy pancakes with maple syrup and butter.
v|Red Velvet Waffle|199|cake|Red velvet waffle with cream cheese drizzle.
`),
  Shakes: parse(`
v|Oreo Shake|169|shake|Milkshake blended with Oreo cookies.
v|Chocolate Shake|149|shake|Thick chocolate milkshake.
v|Mango Milkshake|149|shake|Alphonso mango milkshake.
v|Kulfi Shake|159|shake|Malai kulfi blended with milk and pistachio.
`),
  Brownies: parse(`
v|Walnut Brownie|109|cake|Fudgy brownie with walnuts.
v|Fudge Brownie|99|cake|Dense chocolate fudge brownie.
v|Nutella Brownie|129|cake|Brownie swirled with Nutella.
v|Brownie Sundae|179|ice-cream|Warm brownie, vanilla ice cream and chocolate sauce.
`),
};

export const KERALA: Menu = {
  Starters: parse(`
n|Kerala Chicken Fry|269|wings|Chicken marinated in red chilli and curry leaves, deep fried.
n|Beef Ularthiyathu|319|curry|Slow-roasted beef with coconut slivers and pepper.
n|Kallummakkaya Fry|349|prawn|Mussels fried with a spicy masala.
n|Karimeen Pollichathu|449|fish|Pearl spot fish grilled in banana leaf.
n|Prawns Roast|379|prawn|Prawns roasted with shallots and coconut oil.
v|Pazham Pori (3 pcs)|79|vada|Ripe banana fritters.
v|Mushroom Pepper Fry|219|curry|Mushrooms tossed with pepper and curry leaves.
v|Kappa Chips|89|fries|Crisp tapioca chips.
`),
  Curries: parse(`
n|Kerala Chicken Curry|279|curry|Chicken in a roasted coconut gravy.
n|Malabar Fish Curry|329|fish|Fish in a tangy kokum and coconut curry.
n|Chicken Stew|289|curry|Mild chicken stew in coconut milk.
n|Mutton Stew|349|curry|Mutton and potatoes in coconut milk.
e|Egg Roast|169|egg|Boiled eggs in a thick onion masala.
n|Prawn Moilee|369|prawn|Prawns in a turmeric and coconut milk sauce.
n|Kuttanad Duck Roast|399|curry|Duck roasted with pepper, shallots and coconut oil.
v|Vegetable Stew|199|curry|Vegetables in a mild coconut milk stew.
v|Kadala Curry|169|curry|Black chickpeas in roasted coconut gravy.
v|Avial|179|curry|Mixed vegetables in coconut and curd.
`),
  'Breads & Rice': parse(`
v|Appam (2 pcs)|79|appam|Lacy fermented rice pancakes.
v|Malabar Parotta|49|bread|Flaky layered parotta.
v|Idiyappam (3 pcs)|79|appam|Steamed rice string hoppers.
v|Puttu|79|appam|Steamed rice and coconut cylinders.
v|Kerala Matta Rice|99|rice|Red parboiled rice.
v|Ghee Rice|149|rice|Fragrant rice cooked in ghee with fried onions and cashews.
`),
  Biryani: parse(`
n|Thalassery Chicken Biryani|299|biryani|Short-grain kaima rice biryani with chicken, Malabar style.
n|Malabar Mutton Biryani|379|biryani|Kaima rice biryani with tender mutton.
n|Fish Biryani|339|biryani|Biryani with masala-fried fish.
v|Veg Biryani|219|biryani|Dum biryani with mixed vegetables and fried onions.
`),
  Meals: parse(`
v|Kerala Veg Sadya Meals|249|thali|Rice with sambar, avial, thoran, olan, pickles and payasam.
n|Fish Curry Meals|279|thali|Matta rice with fish curry, thoran and pickle.
n|Chicken Curry Meals|269|thali|Matta rice with chicken curry, thoran and pickle.
`),
  Desserts: parse(`
v|Palada Payasam|119|sweet|Rice flakes cooked in sweetened milk.
v|Ada Pradhaman|119|sweet|Rice flakes in jaggery and coconut milk.
v|Elaneer Pudding|139|cake|Tender coconut pudding.
`),
  Beverages: parse(`
v|Sulaimani Tea|49|tea|Spiced black tea with lemon.
v|Kulukki Sarbath|89|juice|Shaken lime cooler with basil seeds.
v|Lime Mint Cooler|79|juice|Fresh lime and mint over ice.
v|Tender Coconut Water|79|juice|Fresh tender coconut water.
v|Filter Coffee|49|coffee|Strong decoction coffee with frothy milk.
`),
};

export const BENGALI: Menu = {
  Starters: parse(`
n|Fish Fry (Kolkata Style)|199|fish|Crumbed bhetki fillet fried golden, with kasundi.
n|Chicken Cutlet|179|kebab|Crumbed minced chicken cutlet.
n|Mutton Chop|199|kebab|Potato croquette stuffed with spiced mutton mince.
v|Vegetable Chop|99|vada|Beetroot and vegetable croquettes.
v|Beguni (4 pcs)|89|vada|Brinjal slices fried in gram flour batter.
n|Prawn Cutlet|249|prawn|Butterflied prawns crumbed and fried.
`),
  Rolls: parse(`
e|Egg Roll|109|wrap|Flaky paratha with egg, onion and chilli.
n|Chicken Roll|149|wrap|Paratha roll with chicken tikka, onion and lime.
n|Double Egg Chicken Roll|179|wrap|Chicken roll with two eggs.
v|Paneer Roll|139|wrap|Paratha roll with spiced paneer.
v|Veg Roll|109|wrap|Paratha roll with spiced vegetables.
n|Mutton Roll|199|wrap|Paratha roll with mutton kebab.
`),
  'Main Course': parse(`
n|Kosha Mangsho|399|curry|Slow-cooked Bengali mutton with onion and spices.
n|Chingri Malai Curry|429|prawn|Prawns in a coconut milk curry.
n|Shorshe Ilish|499|fish|Hilsa in mustard gravy.
n|Doi Maach|299|fish|Fish in a yoghurt gravy.
n|Chicken Dak Bungalow|329|curry|Chicken and egg curry, railway style.
n|Macher Jhol|249|fish|Light fish curry with potatoes.
v|Aloo Posto|169|curry|Potatoes in poppy seed paste.
v|Shukto|159|curry|Mildly bitter mixed vegetable stew.
v|Cholar Dal|149|dal|Bengal gram with coconut and raisins.
v|Dhokar Dalna|189|curry|Lentil cakes in a spiced gravy.
v|Mochar Ghonto|179|curry|Banana flower with potato and coconut.
v|Begun Bhaja|99|curry|Pan-fried brinjal slices.
`),
  'Rice & Breads': parse(`
v|Luchi (4 pcs)|79|bread|Puffed deep-fried flour breads.
v|Basanti Pulao|169|rice|Sweet yellow pulao with cashews and raisins.
v|Steamed Rice|99|rice|Plain steamed rice.
v|Radhaballavi (2 pcs)|99|bread|Puris stuffed with spiced lentils.
`),
  Biryani: parse(`
n|Kolkata Chicken Biryani|279|biryani|Light, fragrant biryani with chicken, potato and egg.
n|Kolkata Mutton Biryani|349|biryani|Light, fragrant biryani with mutton, potato and egg.
`),
  Thalis: parse(`
v|Niramish Thali|249|thali|Rice, luchi, dal, shukto, two vegetables, chutney and mishti.
n|Maach Bhaat Thali|299|thali|Rice, dal, fish curry, bhaja, chutney and mishti.
n|Mangsho Bhaat Thali|379|thali|Rice, dal, kosha mangsho, bhaja, chutney and mishti.
`),
  Sweets: parse(`
v|Rasgulla (2 pcs)|79|sweet|Spongy cottage cheese balls in light syrup.
v|Mishti Doi|79|sweet|Sweet caramelised yoghurt set in a clay pot.
v|Sandesh (2 pcs)|89|sweet|Soft cottage cheese sweet.
v|Nolen Gur Payesh|119|sweet|Rice pudding with date-palm jaggery.
`),
  Beverages: parse(`
v|Masala Chai|49|tea|Ginger and cardamom tea brewed with milk.
v|Aam Panna|79|juice|Raw mango cooler.
v|Gondhoraj Lebu Sherbet|79|juice|Fragrant lime sherbet.
`),
};

export const STREET_FOOD: Menu = {
  Chaat: parse(`
v|Pani Puri|69|chaat|Crisp puris with spiced potato and tangy mint water.
v|Sev Puri|79|chaat|Flat puris with potato, chutneys and sev.
v|Dahi Puri|89|chaat|Puris filled with yoghurt and sweet chutney.
v|Bhel Puri|69|chaat|Puffed rice tossed with onion, chutneys and sev.
v|Papdi Chaat|89|chaat|Crisp papdi with yoghurt, chutneys and spices.
v|Aloo Tikki Chaat|99|chaat|Potato patties topped with chole and chutneys.
v|Samosa Chaat|99|chaat|Crushed samosa with chole, yoghurt and chutneys.
v|Raj Kachori|119|chaat|A large kachori filled with everything chaat.
v|Dahi Bhalla|99|chaat|Lentil dumplings in sweet yoghurt.
v|Ragda Pattice|109|chaat|Potato patties with white pea curry and chutneys.
`),
  'Mumbai Specials': parse(`
v|Vada Pav|49|vada|Spiced potato fritter in a soft pav with chutneys.
v|Pav Bhaji|139|curry|Buttery mashed vegetable curry with toasted pav.
v|Misal Pav|119|curry|Spicy sprouts curry with farsan and pav.
v|Dabeli|59|sandwich|Sweet and spicy potato filling in pav with peanuts.
v|Bombay Masala Toast Sandwich|109|sandwich|Toasted sandwich with potato masala and chutney.
v|Cheese Grilled Sandwich|129|sandwich|Grilled sandwich with vegetables and cheese.
v|Sabudana Vada (2 pcs)|89|vada|Crisp sago and peanut fritters.
n|Keema Pav|179|curry|Spiced minced mutton with buttered pav.
e|Egg Bhurji Pav|109|egg|Spicy scrambled eggs with pav.
n|Chicken Frankie|149|wrap|Chicken tikka wrapped in a roti with onion.
`),
  Snacks: parse(`
v|Samosa (2 pcs)|49|vada|Crisp pastry filled with spiced potato and peas.
v|Kachori (2 pcs)|59|vada|Flaky kachori with spicy lentil filling.
v|Onion Pakoda|79|vada|Crisp onion fritters.
v|Paneer Pakoda|119|vada|Paneer fritters with green chutney.
v|Chole Bhature|149|bread|Spicy chole with two fluffy bhature.
v|Chole Kulche|129|bread|Spicy chole with two soft kulchas.
v|Veg Momos|119|momos|Steamed vegetable dumplings with red chutney.
`),
  'Rolls & Frankies': parse(`
v|Veg Frankie|99|wrap|Spiced vegetables rolled in a soft roti.
v|Paneer Frankie|129|wrap|Paneer tikka rolled in a soft roti.
v|Schezwan Frankie|109|wrap|Vegetables with schezwan sauce in a roti.
`),
  Sweets: parse(`
v|Jalebi (200 g)|89|sweet|Hot, crisp jalebis in saffron syrup.
v|Rabri Jalebi|129|sweet|Jalebis with thick sweetened milk.
v|Malpua (2 pcs)|99|sweet|Sweet pancakes in syrup.
v|Matka Kulfi|69|ice-cream|Creamy kulfi set in a clay pot.
`),
  Beverages: parse(`
v|Masala Chai|49|tea|Ginger and cardamom tea brewed with milk.
v|Sugarcane Juice|59|juice|Fresh sugarcane juice with lime and ginger.
v|Nimbu Pani|49|juice|Fresh lime water, sweet or salted.
v|Sweet Lassi|89|shake|Thick churned yoghurt drink, lightly sweetened.
v|Kokum Sharbat|59|juice|Cooling kokum drink.
`),
};

export const HEALTHY: Menu = {
  Salads: parse(`
v|Greek Salad|249|salad|Cucumber, tomato, olives, onion and feta.
v|Quinoa Avocado Salad|329|salad|Quinoa, avocado, greens and lemon vinaigrette.
v|Caesar Salad|259|salad|Romaine, croutons and parmesan in Caesar dressing.
v|Sprouts Chaat Salad|179|salad|Mixed sprouts with onion, tomato and lime.
v|Watermelon Feta Salad|269|salad|Watermelon, feta, mint and pumpkin seeds.
v|Kale and Apple Salad|279|salad|Kale, apple, walnuts and honey-mustard dressing.
n|Grilled Chicken Caesar Salad|319|salad|Caesar salad with grilled chicken.
n|Chicken Quinoa Salad|339|salad|Quinoa, grilled chicken and greens.
n|Tuna Salad|349|salad|Tuna, beans, egg and greens.
`),
  Bowls: parse(`
v|Paneer Tikka Millet Bowl|289|bowl|Foxtail millet with paneer tikka and vegetables.
v|Rajma Brown Rice Bowl|229|bowl|Rajma over brown rice with salad.
v|Tofu Teriyaki Bowl|299|bowl|Teriyaki tofu with brown rice and greens.
v|Falafel Hummus Bowl|279|bowl|Falafel, hummus, pita and salad.
v|Veg Burrito Bowl|269|bowl|Rice, beans, corn, salsa and sour cream.
v|Chickpea Buddha Bowl|269|bowl|Roasted chickpeas, quinoa, greens and tahini.
n|Grilled Chicken Brown Rice Bowl|319|bowl|Herb chicken over brown rice with vegetables.
n|Chicken Burrito Bowl|299|bowl|Rice, beans, chicken, salsa and sour cream.
n|Herb Grilled Fish Bowl|369|fish|Grilled basa with quinoa and greens.
e|Egg White Protein Bowl|249|egg|Egg whites, sweet potato and greens.
`),
  'Wraps & Sandwiches': parse(`
v|Whole Wheat Paneer Wrap|199|wrap|Paneer and vegetables in a whole-wheat wrap.
v|Hummus Veggie Wrap|189|wrap|Hummus and grilled vegetables in a wrap.
v|Avocado Toast|249|sandwich|Sourdough with smashed avocado and chilli flakes.
v|Multigrain Veg Sandwich|169|sandwich|Multigrain bread with vegetables and pesto.
n|Chicken Pesto Sandwich|229|sandwich|Grilled chicken and pesto on multigrain bread.
n|Grilled Chicken Wrap|219|wrap|Grilled chicken and vegetables in a whole-wheat wrap.
e|Egg White Wrap|189|wrap|Egg whites, spinach and peppers in a whole-wheat wrap.
`),
  Soups: parse(`
v|Roasted Tomato Basil Soup|149|soup|Roasted tomato soup with basil.
v|Broccoli Almond Soup|169|soup|Creamy broccoli soup with toasted almonds.
n|Chicken Clear Soup|169|soup|Light chicken broth with vegetables.
`),
  'Juices & Smoothies': parse(`
v|Cold-Pressed Orange Juice|149|juice|Fresh oranges, nothing added.
v|ABC Juice|159|juice|Apple, beetroot and carrot.
v|Green Detox Juice|169|juice|Spinach, cucumber, apple and lemon.
v|Banana Peanut Butter Smoothie|179|shake|Banana, peanut butter, oats and milk.
v|Berry Blast Smoothie|189|shake|Mixed berries with yoghurt.
v|Watermelon Juice|119|juice|Fresh watermelon juice.
v|Tender Coconut Water|79|juice|Fresh tender coconut water.
`),
  'Guilt-Free Desserts': parse(`
v|Ragi Brownie|119|cake|Finger millet brownie sweetened with jaggery.
v|Greek Yoghurt Parfait|179|ice-cream|Greek yoghurt, granola and berries.
v|Date and Nut Ladoo (2 pcs)|99|sweet|No added sugar ladoos.
v|Chia Pudding|159|ice-cream|Chia seeds in almond milk with mango.
`),
};

export const CAFE: Menu = {
  'All Day Breakfast': parse(`
n|Masala Omelette|139|egg|Three-egg omelette with onion, tomato and chilli, with toast.
n|English Breakfast|349|egg|Eggs, chicken sausages, hash brown, beans and toast.
e|Eggs Benedict|299|egg|Poached eggs and hollandaise on an English muffin.
e|Scrambled Eggs on Toast|179|egg|Creamy scrambled eggs on sourdough.
v|Pancake Stack|229|cake|Fluffy pancakes with maple syrup and berries.
v|French Toast|199|sandwich|Brioche French toast with honey.
v|Avocado Toast|249|sandwich|Sourdough with smashed avocado and chilli flakes.
v|Granola Bowl|219|bowl|Granola, yoghurt and fresh fruit.
v|Aloo Paratha with Curd|149|bread|Two stuffed parathas with curd and pickle.
`),
  Sandwiches: parse(`
v|Grilled Veg Sandwich|169|sandwich|Grilled vegetables and cheese.
v|Paneer Tikka Sandwich|199|sandwich|Paneer tikka and mint mayo.
v|Caprese Sandwich|229|sandwich|Tomato, mozzarella and basil pesto on focaccia.
n|Chicken Club Sandwich|249|sandwich|Chicken, egg, lettuce and tomato, triple decker.
n|BBQ Chicken Sandwich|239|sandwich|Barbecue chicken with onion and cheese.
e|Egg Mayo Sandwich|169|sandwich|Egg mayo with lettuce.
`),
  'Pasta & Mains': parse(`
v|Penne Arrabbiata|249|pasta|Penne in a spicy tomato and garlic sauce.
v|Mac and Cheese|249|pasta|Baked macaroni in a three-cheese sauce.
v|Mushroom Risotto|299|rice|Creamy arborio rice with mushrooms and parmesan.
n|Grilled Chicken Steak|349|tandoori|Grilled chicken breast with mash and pepper sauce.
n|Chicken Alfredo Pasta|309|pasta|Penne in a creamy sauce with grilled chicken.
`),
  Coffee: parse(`
v|Cappuccino|149|coffee|Espresso with steamed milk foam.
v|Cafe Latte|149|coffee|Espresso with steamed milk.
v|Americano|129|coffee|Espresso with hot water.
v|Cold Brew|179|coffee|Coffee steeped cold for 18 hours.
v|Hazelnut Frappe|199|coffee|Blended iced coffee with hazelnut.
v|Filter Coffee|69|coffee|Strong decoction coffee with frothy milk.
v|Hot Chocolate|169|coffee|Rich hot chocolate.
`),
  'Tea & Coolers': parse(`
v|Masala Chai|79|tea|Ginger and cardamom tea brewed with milk.
v|Iced Peach Tea|149|tea|Chilled peach tea.
v|Green Tea|99|tea|Light green tea.
v|Virgin Mojito|149|juice|Lime, mint and soda.
v|Lemonade|119|juice|Fresh lemonade.
`),
  'Bakes & Desserts': parse(`
v|Blueberry Muffin|119|cake|Soft muffin with blueberries.
v|Butter Croissant|129|cake|Flaky all-butter croissant.
v|Chocolate Chip Cookie|79|cake|Chewy cookie with dark chocolate chips.
v|Banana Walnut Bread|119|cake|Moist banana bread with walnuts.
v|Tiramisu Jar|219|cake|Coffee-soaked sponge with mascarpone cream.
v|Brownie with Ice Cream|149|cake|Warm walnut brownie with vanilla ice cream.
`),
  'Small Plates': parse(`
v|Peri Peri Fries|149|fries|Fries dusted with peri peri spice.
v|Nachos with Salsa|199|fries|Corn chips with salsa, cheese and jalapenos.
v|Garlic Bread|149|garlic-bread|Baguette with garlic butter.
n|Chicken Wings (6 pcs)|249|wings|Wings in a smoky barbecue glaze.
`),
};

/** Every dish by name (first definition wins), for hand-written menus such as restaurant 1's. */
export function dishByName(name: string): Dish {
  for (const menu of [BIRYANI, NORTH_INDIAN, SOUTH_INDIAN, CHINESE, PIZZA, BURGERS, DESSERTS, KERALA]) {
    for (const dishes of Object.values(menu)) {
      const d = dishes.find((x) => x.name === name);
      if (d) return d;
    }
  }
  throw new Error(`no dish named ${name}`);
}
