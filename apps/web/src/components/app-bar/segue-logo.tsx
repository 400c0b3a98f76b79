import type { SVGProps } from 'react';

/** Segue's mark: two notes joined by a flowing beam. Same drawing as public/favicon.svg. */
export function SegueLogo(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 64 64" width="32" height="32" aria-hidden="true" focusable="false" {...props}>
      <defs>
        <linearGradient id="segue-logo-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c83ff" />
          <stop offset="1" stopColor="#4a51db" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#segue-logo-gradient)" />
      <g fill="none" stroke="#fff" strokeLinecap="round" strokeLinejoin="round">
        <path d="M25 44V21M47 38V15" strokeWidth="3.5" />
        <path d="M25 21c7-7 15 1 22-6" strokeWidth="5.5" />
      </g>
      <g fill="#fff">
        <ellipse cx="20" cy="45" rx="6.2" ry="4.6" transform="rotate(-22 20 45)" />
        <ellipse cx="42" cy="39" rx="6.2" ry="4.6" transform="rotate(-22 42 39)" />
      </g>
    </svg>
  );
}
