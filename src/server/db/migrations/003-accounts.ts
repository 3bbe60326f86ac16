// Schema owned by the accounts module.
export const sql = /* sql */ `
select 1;
`;
