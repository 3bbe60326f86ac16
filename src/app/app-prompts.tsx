// The prompts the shell shows once the page is idle, loaded together in one chunk: "Update available"
// and the install offer.
import { InstallOffer } from './install/install-offer.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

export function AppPrompts() {
  return (
    <>
      <UpdatePrompt />
      <InstallOffer />
    </>
  );
}
