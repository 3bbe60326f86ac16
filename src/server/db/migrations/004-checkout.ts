// Schema owned by the checkout module.
export const sql = /* sql */ `
select 1;
`;
