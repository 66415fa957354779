import { BarChart } from '@mui/x-charts/BarChart';

/** One bar per category; several series stack. */
export interface ChartData {
  categories: string[];
  series: Array<{ label: string; data: number[] }>;
}

/** The bar chart above a report's table (loaded on demand with the chart library). */
export default function ReportChart({ categories, series }: ChartData) {
  return (
    <BarChart
      height={340}
      xAxis={[
        {
          scaleType: 'band',
          data: categories,
          height: 90,
          tickLabelStyle: { angle: -40, textAnchor: 'end', fontSize: 11 },
        },
      ]}
      series={series.map((entry) => ({ ...entry, stack: 'total' }))}
      hideLegend={series.length < 2}
      // Drawn at once: a screenshot or a glance mid-animation would show wrong heights.
      skipAnimation
    />
  );
}
