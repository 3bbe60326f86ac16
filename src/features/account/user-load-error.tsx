// The user's details could not load (useUser): the reason and a retry, on My Account and Edit Profile.
export function UserLoadError({
  error,
  retry,
  className,
}: {
  error: string;
  retry: () => void;
  className: string;
}) {
  return (
    <div className={className}>
      <p className="text-danger" role="alert">
        {error}
      </p>
      <button type="button" className="button" onClick={retry}>
        Try again
      </button>
    </div>
  );
}
