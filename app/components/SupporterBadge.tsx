// « Donateur·rice »: shown on the dashboard and the profile of an account that has given through the site.
export function SupporterBadge() {
  return (
    <p className="supporter-badge">
      <span className="chip chip--supporter" data-testid="supporter-badge">
        Donateur·rice
      </span>
    </p>
  );
}
