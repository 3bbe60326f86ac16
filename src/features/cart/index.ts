// Public door of the cart feature.
export {};
