// Apache ECharts, only what the charts draw (bars, grid, legend, tooltip). Loaded by a dynamic
// import from bills' monthly chart and the supplier home's earnings chart, so it lands in its own
// chunk that only 收支明细 and the home download (docs/bills.md, docs/home.md).
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { echarts };
