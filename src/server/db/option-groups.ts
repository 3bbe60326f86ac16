// Dishes' variant and add-on groups (migration 018), read for a restaurant's menu (discovery) or for
// the dishes of a cart (checkout: the choices are checked against what the menu says now).
import type { OptionGroup } from '../../shared/customisation.ts';
import type { Queryable } from './index.ts';
import type { ItemOptionRecord, OptionGroupRecord } from './records.ts';

/** A group joined with one of its options (the group's id and name and the option's columns renamed). */
type GroupOptionRow = Pick<OptionGroupRecord, 'menu_item_id' | 'kind' | 'min_choices' | 'max_choices'> & {
  group_id: OptionGroupRecord['id'];
  group_name: OptionGroupRecord['name'];
  option_id: ItemOptionRecord['id'];
  option_name: ItemOptionRecord['name'];
  option_price: ItemOptionRecord['price'];
  option_in_stock: ItemOptionRecord['in_stock'];
};

const SELECT = `
  select g.menu_item_id, g.id as group_id, g.name as group_name, g.kind, g.min_choices, g.max_choices,
         o.id as option_id, o.name as option_name, o.price as option_price, o.in_stock as option_in_stock
    from option_groups g join item_options o on o.group_id = g.id`;
const ORDER = ' order by g.menu_item_id, g.position, g.id, o.position, o.id';

function group(rows: GroupOptionRow[]): Map<number, OptionGroup[]> {
  const byItem = new Map<number, OptionGroup[]>();
  let last: OptionGroup | undefined;
  for (const r of rows) {
    if (!last || last.id !== r.group_id) {
      last = {
        id: r.group_id,
        name: r.group_name,
        kind: r.kind,
        min: r.min_choices,
        max: r.max_choices,
        options: [],
      };
      const groups = byItem.get(r.menu_item_id) ?? [];
      groups.push(last);
      byItem.set(r.menu_item_id, groups);
    }
    last.options.push({
      id: r.option_id,
      name: r.option_name,
      price: r.option_price,
      in_stock: r.option_in_stock,
    });
  }
  return byItem;
}

/** Every dish of a restaurant that has choices, with its groups in menu order. */
export async function optionGroupsOfRestaurant(
  q: Queryable,
  restaurantId: number,
): Promise<Map<number, OptionGroup[]>> {
  return group(
    await q.query<GroupOptionRow>(
      `${SELECT} join menu_items mi on mi.id = g.menu_item_id where mi.restaurant_id = $1${ORDER}`,
      [restaurantId],
    ),
  );
}

/** The groups of the given dishes (a dish without choices is absent from the map). */
export async function optionGroupsOfItems(
  q: Queryable,
  itemIds: readonly number[],
): Promise<Map<number, OptionGroup[]>> {
  if (!itemIds.length) return new Map();
  return group(
    await q.query<GroupOptionRow>(`${SELECT} where g.menu_item_id = any($1::int[])${ORDER}`, [[...itemIds]]),
  );
}
