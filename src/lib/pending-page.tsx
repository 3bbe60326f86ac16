// Stand-in for a page whose issue is still open; deleted when the last feature page lands.
export function PendingPage({ title }: { title: string }) {
  return (
    <main id="main" className="page">
      <h1>{title}</h1>
      <p>This part of the storefront is coming soon.</p>
    </main>
  );
}
