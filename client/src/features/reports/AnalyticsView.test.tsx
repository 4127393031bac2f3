// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderRoute } from '../../test/renderRoute';
import { AnalyticsView } from './AnalyticsView';

const drawn = vi.hoisted(() => [] as unknown[][]);
vi.mock('uplot', () => ({
  default: class {
    static paths = { bars: () => () => null };
    constructor(_options: unknown, data: unknown[]) {
      drawn.push(data);
    }
    destroy() {}
  },
}));
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

const analytics = {
  weeks: [
    { week: '2026-03-02', created: 3, finished: 1, medianCycleHours: 26.04 },
    { week: '2026-03-09', created: 0, finished: 0, medianCycleHours: null },
  ],
  load: [{ user: { id: 'u1', firstname: 'Ada', lastname: 'Lovelace' }, open: 4, overdue: 1 }],
};

function open(plan: string) {
  const graphql = mockGraphQL({
    getStats: () => ({ data: { getStats: { team: 't', plan } } }),
    getReport: () => ({ data: { getReport: { startdate: '2026-03-01T00:00:00.000Z', enddate: '2026-03-10T00:00:00.000Z', analytics } } }),
  });
  renderRoute('/overview/reports?view=analytics', [{ path: ':project/reports', element: <AnalyticsView project={null} /> }]);
  return graphql;
}

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(() => {
  cleanup();
  drawn.length = 0;
  vi.restoreAllMocks();
});

describe('project analytics', () => {
  it('shows other plans an upgrade notice and never asks for the analytics', async () => {
    const graphql = open('unlimited');
    expect(await screen.findByText('Analytics are part of the business plan')).toBeTruthy();
    expect(graphql.callsOf('getReport')).toHaveLength(0);
  });

  it('draws four charts for a business team, each with its numbers in a table behind Show data', async () => {
    open('business');
    const throughput = await screen.findByRole('figure', { name: 'Throughput' });
    expect(screen.getAllByRole('figure').map((figure) => within(figure).getByRole('heading').textContent)).toEqual([
      'Throughput',
      'Cycle time',
      'Created vs closed',
      'Open load per person',
    ]);
    await vi.waitFor(() => expect(drawn).toHaveLength(4));
    expect(drawn[0]).toEqual([
      [0, 1],
      [1, 0],
    ]);
    expect(drawn[1]).toEqual([
      [0, 1],
      [26, null],
    ]);
    await userEvent.click(within(throughput).getByText('Show data'));
    const rows = within(within(throughput).getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['WeekFinished', 'Mar 21', 'Mar 90']);
    const load = screen.getByRole('figure', { name: 'Open load per person' });
    expect(
      within(load)
        .getAllByRole('row', { hidden: true })
        .map((row) => row.textContent),
    ).toEqual(['MemberOpenOverdue', 'Ada Lovelace41']);
  });

  it("downloads a chart's numbers as a CSV file named after the chart and the window (the last three months by default)", async () => {
    const files: { name: string; blob: Blob }[] = [];
    let madeBlob: Blob | null = null;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      madeBlob = blob as Blob;
      return 'blob:analytics';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      files.push({ name: this.download, blob: madeBlob! });
      expect(this.href).toBe('blob:analytics');
    });
    open('business');
    const load = await screen.findByRole('figure', { name: 'Open load per person' });
    await userEvent.click(within(load).getByRole('button', { name: 'Download CSV' }));
    expect(files.map((file) => file.name)).toEqual(['open-load-lastThreeMonths.csv']);
    expect(files[0]!.blob.type).toBe('text/csv;charset=utf-8');
    // A byte order mark first, so spreadsheets read it as UTF-8, then the header and one row per person.
    expect(await files[0]!.blob.text()).toBe('\uFEFFMember,Open,Overdue\r\nAda Lovelace,4,1\r\n');
  });
});
