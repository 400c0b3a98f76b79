/**
 * The server's clock for the band's click, in ms since the epoch: what a clock ping answers
 * and what a click's beats are stamped in, so both are read from one clock. Sub-millisecond,
 * and steady while the process runs (`performance.now()` never steps back with the wall
 * clock); `Date.now()` truncates, which would put every device half a millisecond early on
 * average (click/clock-offset.ts). Instances share no clock but the machines': with several,
 * their clocks must agree (NTP), as a beat stamped on one is played by devices measured against
 * another (docs/DECISIONS.md, "The click").
 */
export function serverClock(): number {
  return performance.timeOrigin + performance.now();
}
