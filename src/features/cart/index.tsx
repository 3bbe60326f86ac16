// Public door of the cart feature.

export interface CartStepperItem {
  id: number;
  name: string;
  price: number;
  restaurantId: number;
  inStock: boolean;
}

/** The Add button / quantity stepper for one menu item (the cart module wires it to the server). */
export const CartStepper = ({ item }: { item: CartStepperItem }) => (
  <button type="button" className="button" disabled={!item.inStock}>
    Add
  </button>
);
