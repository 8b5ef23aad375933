import { createRemoteConfig } from '@venuebook/sdk/build';

export default createRemoteConfig(import.meta.dirname);
