// Saved addresses and profile calls: the caller's own data only (IDOR), and the save rules the
// address overlay enforces (door/flat, landmark, type, coordinates) answered as 400s per field.
import { describe, expect, it } from 'vitest';
import { login, makeUser } from './factories/index.ts';
import { setupApp, type TestClient } from './helper.ts';

const ctx = await setupApp();
const { db } = ctx;

const home = {
  address: '12th Main Rd, Koramangala 4th Block, Bengaluru, Karnataka 560034, India',
  flat: 'Flat 3B, Lotus Apartments',
  landmark: 'Opposite the park',
  address_type: 'home',
  latitude: 12.9352,
  longitude: 77.6245,
  address_components: [
    { long_name: 'Koramangala', short_name: 'Koramangala', types: ['sublocality'] },
    { long_name: 'Bengaluru', short_name: 'Bengaluru', types: ['locality'] },
  ],
  place_id: 'ChIJ-test-place',
};

async function signedIn(): Promise<TestClient> {
  const c = ctx.client.fork();
  await login(c, await makeUser(db));
  return c;
}

describe('addresses', () => {
  it('creates, lists, reads and deletes the caller’s addresses', async () => {
    const c = await signedIn();
    const empty = await c.get('/api/v1/users/customer/address/');
    expect(empty.json()).toEqual({ count: 0, next: null, previous: null, results: [] });

    const created = await c.post('/api/v1/users/customer/address/create', home);
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json<{ status: number; message: string; data: { id: number } }>();
    expect(body).toMatchObject({ status: 201, data: { ...home, id: expect.any(Number) } });
    const work = await c.post('/api/v1/users/customer/address/create', {
      ...home,
      address_type: 'work',
      latitude: '12.97',
      longitude: '77.59',
      address_components: null,
      place_id: null,
    });
    expect(work.statusCode, work.body).toBe(201);
    expect(work.json().data).toMatchObject({
      latitude: 12.97,
      longitude: 77.59,
      address_components: [],
      place_id: '',
    });

    const list = await c.get('/api/v1/users/customer/address/');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ count: 2, next: null, previous: null });
    expect(list.json().results.map((a: { address_type: string }) => a.address_type)).toEqual([
      'work',
      'home',
    ]);

    const one = await c.get(`/api/v1/users/customer/address/${body.data.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ ...home, id: body.data.id, created_at: expect.any(String) });

    const del = await c.delete(`/api/v1/users/customer/address/details/${body.data.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ status: 200 });
    expect((await c.get(`/api/v1/users/customer/address/${body.data.id}`)).statusCode).toBe(404);
    expect((await c.delete(`/api/v1/users/customer/address/details/${body.data.id}`)).statusCode).toBe(404);
    expect((await c.get('/api/v1/users/customer/address/')).json().count).toBe(1);
  });

  it('refuses an empty door/flat, an empty landmark, no type or bad coordinates with a message per field', async () => {
    const c = await signedIn();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...home, flat: '' }, 'flat', 'Enter your door / flat number.'],
      [{ ...home, flat: '   ' }, 'flat', 'Enter your door / flat number.'],
      [{ ...home, landmark: '' }, 'landmark', 'Enter a landmark.'],
      [{ ...home, address_type: undefined }, 'address_type', 'Choose an address type: home, work or other.'],
      [{ ...home, address_type: 'office' }, 'address_type', 'Choose an address type: home, work or other.'],
      [{ ...home, latitude: 91 }, 'latitude', 'Latitude must be between -90 and 90.'],
      [{ ...home, longitude: -181 }, 'longitude', 'Longitude must be between -180 and 180.'],
      [{ ...home, latitude: 'north' }, 'latitude', 'Latitude must be a number.'],
      [{ ...home, longitude: null }, 'longitude', 'Longitude must be a number.'],
      [{ ...home, address: '' }, 'address', 'Choose a location on the map.'],
      [{ ...home, flat: 'x'.repeat(101) }, 'flat', 'Door / flat number must be at most 100 characters.'],
      [
        { ...home, address_components: 'Koramangala' },
        'address_components',
        'address_components must be a list.',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await c.post('/api/v1/users/customer/address/create', payload);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, message, errors: { [field]: [message] } });
    }
    const all = await c.post('/api/v1/users/customer/address/create', {});
    expect(all.statusCode).toBe(400);
    expect(Object.keys(all.json().errors)).toEqual(
      expect.arrayContaining(['address', 'flat', 'landmark', 'address_type', 'latitude', 'longitude']),
    );
    expect((await c.get('/api/v1/users/customer/address/')).json().count).toBe(0);
  });

  it('needs a signed-in caller', async () => {
    const anon = ctx.client.fork();
    expect((await anon.get('/api/v1/users/customer/address/')).statusCode).toBe(401);
    expect((await anon.get('/api/v1/users/customer/address/1')).statusCode).toBe(401);
    expect((await anon.post('/api/v1/users/customer/address/create', home)).statusCode).toBe(401);
    expect((await anon.delete('/api/v1/users/customer/address/details/1')).statusCode).toBe(401);
  });

  it('answers malformed ids with 404, never 500', async () => {
    const c = await signedIn();
    for (const id of ['abc', '-1', '0', '1.5', '99999999999999999999', "1'or'1'='1"]) {
      expect((await c.get(`/api/v1/users/customer/address/${encodeURIComponent(id)}`)).statusCode, id).toBe(
        404,
      );
      expect(
        (await c.delete(`/api/v1/users/customer/address/details/${encodeURIComponent(id)}`)).statusCode,
      ).toBe(404);
    }
  });
});

describe('IDOR: one user never reaches another user’s data', () => {
  it('user B can neither read, list nor delete user A’s address', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const { data } = (await a.post('/api/v1/users/customer/address/create', home)).json<{
      data: { id: number };
    }>();

    const read = await b.get(`/api/v1/users/customer/address/${data.id}`);
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain(home.flat);
    const del = await b.delete(`/api/v1/users/customer/address/details/${data.id}`);
    expect(del.statusCode).toBe(404);
    expect((await b.get('/api/v1/users/customer/address/')).json().count).toBe(0);

    // A's address is untouched.
    expect((await a.get(`/api/v1/users/customer/address/${data.id}`)).statusCode).toBe(200);
  });

  it('profile calls act only on the caller, whatever the body says', async () => {
    const userA = await makeUser(db, { name: 'Alice', email: 'alice@example.com' });
    const userB = await makeUser(db, { name: 'Bob', email: 'bob@example.com' });
    const a = ctx.client.fork();
    const b = ctx.client.fork();
    await login(a, userA);
    await login(b, userB);

    const upd = await b.put('/api/v1/users/update-profile/', {
      name: 'Mallory',
      user_id: userA.id,
      id: userA.id,
      phone_number: userA.phone,
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({
      message: 'Name Updated successfully',
      name: 'Mallory',
      phone_number: userB.phone,
    });
    expect((await a.get('/api/v1/users/details/')).json()).toEqual({
      phone_number: userA.phone,
      name: 'Alice',
      email: 'alice@example.com',
    });
    expect((await b.get('/api/v1/users/details/?user_id=' + userA.id)).json()).toMatchObject({
      phone_number: userB.phone,
    });
    const email = await b.put('/api/v1/users/update-profile/', { email: 'Bob.New@Example.com' });
    expect(email.json()).toMatchObject({
      message: 'Email Updated successfully',
      email: 'bob.new@example.com',
    });

    // Removal request by B leaves A signed in.
    await b.post('/api/v1/users/request-remove/', { user_id: userA.id });
    expect((await a.get('/api/v1/users/details/')).statusCode).toBe(200);
    expect((await b.get('/api/v1/users/details/')).statusCode).toBe(401);
  });
});
