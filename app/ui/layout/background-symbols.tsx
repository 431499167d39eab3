import { backgroundDecorations, type BackgroundDecoration } from '#app/platform/constants.ts';

const paths: Record<BackgroundDecoration['symbol'], React.JSX.Element> = {
  pencil: <path d="M4 20l1-5L16 4l4 4L9 19zM14 6l4 4" />,
  lightbulb: (
    <path d="M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2V16h5v-.1c0-.8.4-1.5 1-2A6 6 0 0 0 12 3z" />
  ),
  star: <path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" />,
  check: <path d="M4 12.5l5 5L20 6.5" />,
};

const decorations = backgroundDecorations(2027);

/** Ten decorative icons from 4 symbols and 5 colours behind the page (spec §2, §9). */
export function BackgroundSymbols() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10 hidden overflow-hidden lg:block">
      {decorations.map((d, i) => (
        <svg
          key={i}
          viewBox="0 0 24 24"
          fill="none"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          className="absolute opacity-35"
          style={{
            stroke: `var(--decoration-colour-${d.colour})`,
            top: `${d.top}%`,
            left: `${d.left}%`,
            width: `${d.size}rem`,
            height: `${d.size}rem`,
            transform: `rotate(${d.rotation}deg)`,
          }}
        >
          {paths[d.symbol]}
        </svg>
      ))}
    </div>
  );
}
