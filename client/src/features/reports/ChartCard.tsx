import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import type uPlot from 'uplot';
import { Button } from '../../ui';
import { downloadCsv, toCsv } from './csv';
import styles from './Reports.module.css';

export interface ChartSeries {
  label: string;
  /** A design token naming the series' colour, read when the chart draws so light and dark both fit. */
  colorToken: string;
  values: readonly (number | null)[];
}

export interface ChartCardProps {
  title: string;
  description: string;
  /** The x axis: one label per point (a week, a person). */
  xLabel: string;
  labels: readonly string[];
  series: readonly ChartSeries[];
  kind: 'line' | 'bars';
  /** The values are counts. */
  wholeNumbers: boolean;
  fileName: string;
}

/** uPlot and its styles, loaded the first time a chart draws (the reports area's other views never pay for them). */
let chartLibrary: Promise<typeof uPlot> | null = null;
function loadChartLibrary(): Promise<typeof uPlot> {
  chartLibrary ??= Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([module]) => module.default);
  return chartLibrary;
}

const token = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || 'currentColor';

function chartOptions(library: typeof uPlot, props: ChartCardProps, width: number): uPlot.Options {
  const muted = token('--color-text-muted');
  const grid = token('--color-border');
  const axis = { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
  const bars = library.paths.bars?.({ size: [0.6, 48] });
  return {
    width,
    height: 220,
    legend: { show: true },
    cursor: { drag: { x: false, y: false } },
    scales: {
      x: { time: false, range: (_chart, min, max) => [min - 0.5, max + 0.5] },
      y: { range: (_chart, _min, max) => [0, Math.max(1, max)] },
    },
    axes: [
      { ...axis, values: (_chart, splits) => splits.map((split) => (Number.isInteger(split) ? (props.labels[split] ?? '') : '')) },
      // Counts get whole-number ticks; hours may fall between them.
      { ...axis, size: 48, ...(props.wholeNumbers ? { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000] } : {}) },
    ],
    series: [
      { label: props.xLabel, value: (_chart, value) => (value === null ? '' : (props.labels[value] ?? '')) },
      ...props.series.map((entry) => {
        const color = token(entry.colorToken);
        return props.kind === 'bars' && bars
          ? { label: entry.label, stroke: color, fill: color, paths: bars, points: { show: false } }
          : { label: entry.label, stroke: color, width: 2, points: { show: true, size: 5, fill: color } };
      }),
    ],
  };
}

/**
 * One chart of the analytics: drawn by uPlot on a canvas (hidden from assistive technology), with the same numbers
 * in a table behind "Show data" and a CSV download. Redrawn when its width or the colour theme changes.
 */
export function ChartCard(props: ChartCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const target = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = target.current;
    if (!element) return undefined;
    let chart: uPlot | null = null;
    let cancelled = false;
    const data = [props.labels.map((_label, index) => index), ...props.series.map((entry) => [...entry.values])] as uPlot.AlignedData;
    const draw = (library: typeof uPlot) => {
      chart?.destroy();
      chart = new library(chartOptions(library, props, Math.max(240, element.clientWidth)), data, element);
    };
    let redraw: () => void = () => undefined;
    loadChartLibrary().then(
      (library) => {
        if (cancelled) return;
        redraw = () => draw(library);
        redraw();
      },
      () => setFailed(true),
    );
    const resize = new ResizeObserver(() => redraw());
    resize.observe(element);
    const theme = new MutationObserver(() => redraw());
    theme.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      cancelled = true;
      resize.disconnect();
      theme.disconnect();
      chart?.destroy();
    };
  }, [props]);

  const header = [props.xLabel, ...props.series.map((entry) => entry.label)];
  const rows = props.labels.map((label, index) => [label, ...props.series.map((entry) => entry.values[index] ?? null)]);
  return (
    <figure className={styles.chartCard} aria-labelledby={headingId}>
      <div className={styles.chartHeader}>
        <div>
          <h3 id={headingId} className={styles.cardTitle}>
            {props.title}
          </h3>
          <p className={styles.muted}>{props.description}</p>
        </div>
        <Button size="sm" variant="secondary" onClick={() => downloadCsv(props.fileName, toCsv(header, rows))}>
          <Download size={14} aria-hidden="true" className={styles.buttonIcon} />
          {t('reports.analytics.downloadCsv')}
        </Button>
      </div>
      {failed ? (
        <p className={styles.muted}>{t('reports.analytics.chartFailed')}</p>
      ) : (
        <div ref={target} className={styles.chart} aria-hidden="true" />
      )}
      <details className={styles.data}>
        <summary>{t('reports.analytics.showData')}</summary>
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={props.title}>
          <table className={styles.table}>
            <caption className={styles.caption}>{props.title}</caption>
            <thead>
              <tr>
                {header.map((label, index) => (
                  <th key={label} scope="col" className={index === 0 ? undefined : styles.number}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map(([label, ...values]) => (
                <tr key={String(label)}>
                  <th scope="row">{label}</th>
                  {values.map((value, index) => (
                    <td key={header[index + 1]} className={styles.number}>
                      {value ?? '–'}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
