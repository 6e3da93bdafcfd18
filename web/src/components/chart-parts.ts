/**
 * The parts of chart.js our charts use, registered once. Imported only through Chart.tsx's dynamic import(), so this
 * module and chart.js form a chunk of their own that the first page never loads; named imports let the bundler leave
 * out the rest of chart.js.
 */
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { toFont } from 'chart.js/helpers';

Chart.register(BarController, BarElement, LineController, LineElement, PointElement, DoughnutController, ArcElement, CategoryScale, LinearScale, Tooltip, Legend);

export { Chart, toFont };
