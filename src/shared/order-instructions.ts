// How long a customer's instructions may be: the checkout's fields and the server's contract share
// these (a zod-free module, so the checkout page does not carry the schemas).
export const ORDER_INSTRUCTION_LIMITS = { cooking: 250, delivery: 150 } as const;
