// Every number and text the screen shows is formatted here, once.

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** '$1,234.50'; '$0.00' when missing or not finite. */
export function formatUsd(value: number | null | undefined): string {
  return usd.format(typeof value === 'number' && Number.isFinite(value) ? value : 0);
}

/** '+1.23%', '-4.50%', '+0.00%'; '0.00%' would hide the sign rule, so zero is '+'. */
export function formatSignedPercent(value: number | null | undefined): string {
  const n = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  const fixed = Math.abs(n).toFixed(2);
  return `${n < 0 && fixed !== '0.00' ? '-' : '+'}${fixed}%`;
}

const SUFFIXES = [
  { size: 1e12, suffix: 't' },
  { size: 1e9, suffix: 'b' },
  { size: 1e6, suffix: 'm' },
  { size: 1e3, suffix: 'k' },
] as const;

/** Compact number: k/m/b/t suffixes; 3 decimals under 1, 2 under 100, 1 beyond. */
export function formatCompact(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '0';
  const abs = Math.abs(value);
  const unit = SUFFIXES.find(({ size }) => abs >= size);
  const scaled = unit ? value / unit.size : value;
  const scaledAbs = Math.abs(scaled);
  const decimals = scaledAbs < 1 ? 3 : scaledAbs < 100 ? 2 : 1;
  return `${scaled.toFixed(decimals)}${unit?.suffix ?? ''}`;
}

/** Over 7 characters: first 4, an ellipsis, last 4. */
export function formatAddress(address: string): string {
  return address.length > 7 ? `${address.slice(0, 4)}…${address.slice(-4)}` : address;
}

/** Names cut at 24 characters. */
export function formatName(name: string): string {
  return name.length > 24 ? `${name.slice(0, 24)}…` : name;
}

const time12h = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  hour12: true,
});

/** 12-hour time with seconds: '3:04:05 PM'. */
export function formatTime12h(date: Date): string {
  return time12h.format(date);
}
