// Schema owned by the orders module.
export const sql = /* sql */ `
select 1;
`;
