export function SweepView() {
  return <main className="flex-1 p-3">sweep</main>;
}
