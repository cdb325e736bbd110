// The dashboard, the Information page's stats and the live notifications.
import type { Request, Router } from 'express';
import { latestNotificationAnswers } from '../../domain/notifications/feed';
import { route } from '../../http/access';
import { HttpError } from '../../http/errors';
import { DEFAULT_DUE_DAYS, SERIES_DAYS } from '../../domain/figures/constants';
import { keptLists } from '../../domain/figures/kept-lists';
import { myDay } from './my-day';
import {
  categories,
  channelBreakdown,
  employees,
  followUpsDue,
  funnel,
  overview,
  recent,
  series,
  stats,
} from './read';

function dueDays(value: unknown): number {
  if (value === undefined) return DEFAULT_DUE_DAYS;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 31) throw new HttpError(400, 'days must be 0 to 31');
  return n;
}

function seriesDays(value: unknown): number {
  if (value === undefined || value === '30d') return SERIES_DAYS;
  const m = typeof value === 'string' ? /^(\d{1,3})d$/.exec(value) : null;
  const n = m ? Number(m[1]) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > 366) throw new HttpError(400, 'range must be like 30d');
  return n;
}

/** `since`: the time of the change the page refetches for (an ISO date), or nothing. */
function changedSince(value: unknown): number {
  if (value === undefined) return 0;
  const ms = typeof value === 'string' ? Date.parse(value) : NaN;
  if (!Number.isFinite(ms)) throw new HttpError(400, 'since must be a date');
  return ms;
}

/**
 * Everything the dashboard page shows, in one answer: each part is what its own route answers
 * (same parameters), so the page makes one call and one session check. The summary document is
 * read once for all of them (read.ts), and so is the kept lists' (the top customers and the
 * follow-ups due). `myDay` is the caller's own (my-day.ts), so the first screen needs no other call.
 */
async function everything(req: Request) {
  const since = changedSince(req.query.since);
  const kept = keptLists();
  const [
    overviewPart,
    seriesPart,
    channels,
    recentPart,
    funnelPart,
    categoriesPart,
    employeesPart,
    followUps,
    notifications,
    mine,
  ] = await Promise.all([
    overview(since, kept),
    series(seriesDays(req.query.range), since),
    channelBreakdown(since),
    recent(),
    funnel(since),
    categories(since),
    employees(since),
    followUpsDue(dueDays(req.query.days), kept),
    latestNotificationAnswers(req.session!),
    myDay(req.session!, since),
  ]);
  return {
    overview: overviewPart,
    series: seriesPart,
    channelBreakdown: channels,
    recent: recentPart,
    funnel: funnelPart,
    categories: categoriesPart,
    employees: employeesPart,
    followUpsDue: followUps,
    notifications,
    myDay: mine,
  };
}

export function registerDashboardRoutes(router: Router): void {
  route(router, 'GET /dashboard/all', async (req, res) => {
    res.json(await everything(req));
  });
  route(router, 'GET /dashboard/my-day', async (req, res) => {
    res.json(await myDay(req.session!));
  });
  route(router, 'GET /overview', async (req, res) => {
    res.json(await overview(changedSince(req.query.since)));
  });
  route(router, 'GET /series', async (req, res) => {
    res.json(await series(seriesDays(req.query.range), changedSince(req.query.since)));
  });
  route(router, 'GET /channel-breakdown', async (req, res) => {
    res.json(await channelBreakdown(changedSince(req.query.since)));
  });
  route(router, 'GET /recent', async (_req, res) => {
    res.json(await recent());
  });
  route(router, 'GET /dashboard/funnel', async (req, res) => {
    res.json(await funnel(changedSince(req.query.since)));
  });
  route(router, 'GET /dashboard/categories', async (req, res) => {
    res.json(await categories(changedSince(req.query.since)));
  });
  route(router, 'GET /dashboard/employees', async (req, res) => {
    res.json(await employees(changedSince(req.query.since)));
  });
  route(router, 'GET /followups/due', async (req, res) => {
    res.json(await followUpsDue(dueDays(req.query.days)));
  });
  route(router, 'GET /admin/stats', async (_req, res) => {
    res.json(await stats());
  });
}
