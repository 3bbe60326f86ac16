// Schema owned by the discovery module.
export const sql = /* sql */ `
select 1;
`;
