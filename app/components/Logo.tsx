// The mark: a lake-blue square with a white calendar cut like a Swiss cross.
export function Logo({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="9" fill="#c8102e" />
      <rect x="9" y="11" width="22" height="20" rx="3" fill="#fff" />
      <rect x="9" y="11" width="22" height="5" rx="2" fill="#ffd6dc" />
      <rect x="18" y="18" width="4" height="11" fill="#c8102e" />
      <rect x="14.5" y="21.5" width="11" height="4" fill="#c8102e" />
    </svg>
  );
}
