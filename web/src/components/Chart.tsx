import type { CartesianScaleOptions, FontSpec, Scale } from 'chart.js';
import { useEffect, useRef, useState } from 'react';
import { idle } from '../lib/idle';
import { fitLabel, sideLabelRoom } from './chart-labels';

export type ChartKind = 'bar' | 'line' | 'doughnut';

export interface ChartSeries {
  label: string;
  data: readonly number[];
  color?: string;
}

export interface ChartProps {
  kind: ChartKind;
  /** What the chart shows, in words: the canvas's accessible name (the numbers are in the table beside it). */
  title: string;
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** Bars across instead of up (long names: customers, products). */
  horizontal?: boolean;
  /** How values read on the axis and in tooltips. */
  format?: (value: number) => string;
  height?: number;
  /** False while the data are a placeholder (an answer kept from the last visit): the space is kept, chart.js is
   * loaded, and the chart is drawn once, with the live data. */
  draw?: boolean;
  /** Loaded and drawn only once the chart comes near the viewport (a chart below the fold of the opening screen). */
  whenVisible?: boolean;
}

const PALETTE = ['#0d6efd', '#20c997', '#fd7e14', '#6f42c1', '#dc3545', '#198754', '#0dcaf0', '#ffc107', '#6c757d', '#d63384'];

/**
 * Evaluating chart.js and drawing the first chart are each long tasks on a phone: in idle time (lib/idle.ts) they do
 * not hold up the screen's own rendering, and each is a task of its own rather than one (issue 18: Lighthouse's
 * blocking time on /dashboard). A busy page still gets its chart within a second.
 */
const CHART_IDLE_TIMEOUT_MS = 1000;

/** chart.js is loaded the first time a chart is drawn (chart-parts.ts), so it stays out of the first page. */
type ChartModule = typeof import('./chart-parts');
let loading: Promise<ChartModule> | undefined;
function loadChartJs(): Promise<ChartModule> {
  loading ??= idle(CHART_IDLE_TIMEOUT_MS).then(() => import('./chart-parts'));
  return loading;
}

/** One chart on a canvas; redrawn when its data change, destroyed with the screen. */
export function Chart({ kind, title, labels, series, horizontal = false, format, height = 260, draw = true, whenVisible = false }: ChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!draw) {
      if (!whenVisible) void loadChartJs().catch(() => undefined);
      return;
    }
    let chart: { destroy(): void } | undefined;
    let gone = false;
    let near: IntersectionObserver | undefined;
    const start = () => loadChartJs().then(
      async ({ Chart: ChartJs, toFont }) => {
        // chart.js may just have been evaluated, in this task: the drawing in a task of its own.
        await idle(CHART_IDLE_TIMEOUT_MS);
        if (gone || !canvas.current) return;
        const round = kind === 'doughnut';
        // The full name stays in the tooltip, which reads the data's labels, not the ticks.
        const sideLabel = function (this: Scale, value: number | string) {
          const ctx = this.ctx;
          ctx.save();
          ctx.font = toFont((this.options as CartesianScaleOptions).ticks.font as Partial<FontSpec>).string;
          const label = fitLabel(this.getLabelForValue(Number(value)), sideLabelRoom(this.chart.width), (t) => ctx.measureText(t).width);
          ctx.restore();
          return label;
        };
        chart = new ChartJs(canvas.current, {
          type: kind,
          data: {
            labels: [...labels],
            datasets: series.map((s, i) => ({
              label: s.label,
              data: [...s.data],
              backgroundColor: round ? labels.map((_, j) => PALETTE[j % PALETTE.length]) : (s.color ?? PALETTE[i % PALETTE.length]),
              borderColor: round ? '#fff' : (s.color ?? PALETTE[i % PALETTE.length]),
            })),
          },
          options: {
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            ...(kind === 'bar' && horizontal ? { indexAxis: 'y' as const } : {}),
            plugins: {
              legend: { display: round || series.length > 1, position: 'bottom' },
              tooltip: format ? { callbacks: { label: (c) => `${c.dataset.label ?? ''}: ${format(Number(c.raw))}` } } : {},
            },
            ...(round
              ? {}
              : {
                  scales: {
                    [horizontal ? 'x' : 'y']: { beginAtZero: true, ...(format ? { ticks: { callback: (v: string | number) => format(Number(v)) } } : {}) },
                    ...(horizontal ? { y: { ticks: { callback: sideLabel } } } : {}),
                  },
                }),
          },
        });
        // Tells tests (and anyone inspecting the page) that this canvas holds the current data's chart.
        canvas.current.dataset.drawn = 'true';
      },
      () => setFailed(true),
    );
    if (whenVisible && canvas.current && typeof IntersectionObserver === 'function') {
      near = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return;
          near?.disconnect();
          void start();
        },
        { rootMargin: '300px 0px' },
      );
      near.observe(canvas.current);
    } else void start();
    return () => {
      gone = true;
      near?.disconnect();
      chart?.destroy();
      if (canvas.current) delete canvas.current.dataset.drawn;
    };
  }, [kind, labels, series, horizontal, format, draw, whenVisible]);
  if (failed) return <p className="text-body-secondary small">The chart could not be drawn; the table below has the figures.</p>;
  return (
    <div style={{ position: 'relative', height }}>
      <canvas ref={canvas} role="img" aria-label={title} data-chart={kind} />
    </div>
  );
}
