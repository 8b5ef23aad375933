// Exposed as `mfe_cards/routes`: the page map the shell's route table points at.
// No pages are built yet; the shell shows its 404 page for this remote's routes until they are.
import type { RemotePageMap } from '@venuebook/sdk';

export const pages: RemotePageMap = {};

export default pages;
