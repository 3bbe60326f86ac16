// The demo seed's item customisation (issue 16): which dishes have variant and add-on groups, by what
// their name says they are. Most biryanis and tikkas stay plain: the journeys add them with one tap.
import type { ItemOptionRecord, OptionGroupRecord } from '../records.ts';
import type { ItemRow } from './generate.ts';

interface GroupTemplate {
  name: string;
  kind: OptionGroupRecord['kind'];
  min: number;
  max: number;
  /** [name, rupees added]. */
  options: Array<[string, number]>;
}

const variant = (name: string, options: Array<[string, number]>): GroupTemplate => ({
  name,
  kind: 'variant',
  min: 1,
  max: 1,
  options,
});
const addons = (name: string, max: number, options: Array<[string, number]>): GroupTemplate => ({
  name,
  kind: 'addon',
  min: 0,
  max,
  options,
});

/** First match wins. */
const TEMPLATES: Array<{ match: RegExp; groups: (veg: boolean) => GroupTemplate[] }> = [
  {
    // The featured restaurant's big biryanis (its Chicken Biryani stays one tap).
    match: /^(Boneless Chicken|Chicken Fry Piece) Biryani$/,
    groups: () => [
      variant('Portion', [
        ['Single', 0],
        ['Family (serves 3)', 450],
      ]),
      addons('Extras', 3, [
        ['Extra raita', 30],
        ['Extra salan', 40],
        ['Boiled egg', 25],
        ['Double masala', 30],
      ]),
    ],
  },
  {
    match: /pizza/i,
    groups: (veg) => [
      variant('Size', [
        ['Regular', 0],
        ['Medium', 150],
        ['Large', 300],
      ]),
      addons('Toppings', 3, [
        ['Extra cheese', 60],
        ['Olives', 40],
        ['Jalapeños', 40],
        ['Mushrooms', 50],
        veg ? ['Paneer', 60] : ['Chicken sausage', 70],
      ]),
    ],
  },
  {
    match: /burger/i,
    groups: () => [
      addons('Add-ons', 2, [
        ['Cheese slice', 30],
        ['Extra patty', 70],
        ['Fries on the side', 60],
      ]),
    ],
  },
  {
    match: /momos/i,
    groups: () => [
      variant('Style', [
        ['Steamed', 0],
        ['Fried', 20],
        ['Pan-fried', 30],
      ]),
      addons('Dips', 2, [
        ['Extra red chutney', 10],
        ['Mayo dip', 15],
      ]),
    ],
  },
  {
    match: /dosa/i,
    groups: () => [
      addons('Add-ons', 2, [
        ['Ghee roast', 30],
        ['Cheese', 40],
        ['Extra sambar', 20],
      ]),
    ],
  },
  {
    match: /noodles|fried rice/i,
    groups: () => [
      variant('Portion', [
        ['Half', 0],
        ['Full', 70],
      ]),
    ],
  },
  {
    match: /shake|lassi|smoothie|cold coffee|juice/i,
    groups: () => [
      variant('Size', [
        ['Regular', 0],
        ['Large', 40],
      ]),
    ],
  },
  {
    match: /wrap|sandwich|frankie/i,
    groups: () => [
      addons('Extras', 2, [
        ['Extra cheese', 30],
        ['Double filling', 50],
      ]),
    ],
  },
];

/** Option groups and options for the dishes whose name asks for them; ids follow item order. */
export function buildItemOptions(items: readonly ItemRow[]): {
  groups: OptionGroupRecord[];
  options: ItemOptionRecord[];
} {
  const groups: OptionGroupRecord[] = [];
  const options: ItemOptionRecord[] = [];
  for (const item of items) {
    const template = TEMPLATES.find((t) => t.match.test(item.name));
    if (!template) continue;
    template.groups(item.is_veg).forEach((g, position) => {
      const groupId = groups.length + 1;
      groups.push({
        id: groupId,
        menu_item_id: item.id,
        name: g.name,
        kind: g.kind,
        min_choices: g.min,
        max_choices: g.max,
        position,
      });
      g.options.forEach(([name, rupees], i) =>
        options.push({
          id: options.length + 1,
          group_id: groupId,
          name,
          price: rupees * 100,
          in_stock: true,
          position: i,
        }),
      );
    });
  }
  return { groups, options };
}
