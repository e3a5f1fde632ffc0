/**
 * ChartTicks draws a chart's axes text and grid, the same in the timeline and Compare charts:
 * a grid line and a label per y tick (left of `left`), a label per x tick at `xLabelY`.
 */
export function ChartTicks(props: {
  yTicks: readonly { value: number; y: number }[];
  xTicks: readonly { value: number; x: number; label: string }[];
  left: number;
  right: number;
  xLabelY: number;
}) {
  return (
    <>
      {props.yTicks.map((tk) => (
        <g key={tk.value}>
          <line
            x1={props.left}
            x2={props.right}
            y1={tk.y}
            y2={tk.y}
            className="stroke-slate-200 dark:stroke-slate-800"
          />
          <text
            x={props.left - 4}
            y={tk.y}
            dy="0.32em"
            textAnchor="end"
            className="fill-current text-[0.625rem]"
          >
            {tk.value}
          </text>
        </g>
      ))}
      {props.xTicks.map((tk) => (
        <text
          key={tk.value}
          x={tk.x}
          y={props.xLabelY}
          textAnchor="middle"
          className="fill-current text-[0.625rem]"
        >
          {tk.label}
        </text>
      ))}
    </>
  );
}
