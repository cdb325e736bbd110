import { afterEach, describe, expect, it } from 'vitest';
import { putBootCall } from '../../../lib/boot-call';
import { saveSession } from '../../../lib/storage';
import { jsonResponse, mockApi } from '../../../test/mock-api';
import { firstDashboardUrl } from './dashboard-call';
import { startDashboardLoad, takeEarlyLoad } from './early-load';

afterEach(() => {
  delete window.crmBootCalls;
});

describe("the dashboard's early call", () => {
  it('is taken once, by the session that started it', async () => {
    const api = mockApi({ 'GET /dashboard/all': { overview: { totalCustomers: 1 } } });
    saveSession({ token: 'tok-1', role: 'sales' });
    startDashboardLoad();
    const answer = takeEarlyLoad();
    await expect(answer).resolves.toMatchObject({ overview: { totalCustomers: 1 } });
    expect(takeEarlyLoad()).toBeUndefined();
    expect(api.find('GET', '/dashboard/all')).toHaveLength(1);
  });

  it('is not used once someone else has signed in (the page asks again)', () => {
    mockApi({ 'GET /dashboard/all': {} });
    saveSession({ token: 'tok-1', role: 'sales' });
    startDashboardLoad();
    saveSession({ token: 'tok-2', role: 'admin' });
    expect(takeEarlyLoad()).toBeUndefined();
  });

  it("takes over the boot script's call, reading its failure as any call's", async () => {
    const api = mockApi({});
    saveSession({ token: 'tok-1', role: 'sales' });
    const response = Promise.resolve(jsonResponse(500, { message: 'Database offline' }));
    putBootCall({ url: firstDashboardUrl(), token: 'tok-1', at: Date.now(), response });
    startDashboardLoad();
    await expect(takeEarlyLoad()).rejects.toMatchObject({
      status: 500,
      message: 'Database offline',
    });
    expect(api.calls).toEqual([]);
  });

  it("asks again when the boot script's call is too old", async () => {
    const api = mockApi({ 'GET /dashboard/all': { overview: { totalCustomers: 2 } } });
    saveSession({ token: 'tok-1', role: 'sales' });
    const response = Promise.resolve(jsonResponse(200, { overview: { totalCustomers: 1 } }));
    putBootCall({ url: firstDashboardUrl(), token: 'tok-1', at: Date.now() - 60_000, response });
    startDashboardLoad();
    await expect(takeEarlyLoad()).resolves.toMatchObject({ overview: { totalCustomers: 2 } });
    expect(api.find('GET', '/dashboard/all')).toHaveLength(1);
  });
});
