// Apache ECharts, only what the monthly chart draws: loaded by a dynamic import from
// monthly-chart.tsx, so it lands in its own chunk and only 收支明细 downloads it (docs/bills.md).
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { echarts };
