import { createShellConfig } from '@venuebook/sdk/build';

export default createShellConfig(import.meta.dirname);
