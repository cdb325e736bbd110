/** Loads a paged list's next page: hidden when there is none, 'Loading…' while it comes. */
export function NextPageButton({
  pages,
  label,
  className,
}: {
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  label: string;
  className: string;
}) {
  if (!pages.hasNextPage) return null;
  return (
    <button
      type="button"
      className={className}
      disabled={pages.isFetchingNextPage}
      onClick={() => void pages.fetchNextPage()}
    >
      {pages.isFetchingNextPage ? 'Loading…' : label}
    </button>
  );
}
