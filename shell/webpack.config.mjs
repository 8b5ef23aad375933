import { createFederatedConfig, SHELL_PORT } from '@venuebook/sdk/build';

export default createFederatedConfig({
  packageDir: import.meta.dirname,
  kind: 'host',
  name: 'shell',
  port: SHELL_PORT,
});
