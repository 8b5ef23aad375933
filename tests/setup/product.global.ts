// Integration project's global setup: one running product (tests/integration/sdk-support.ts startSdkProduct:
// the launcher's whole stack, demo accounts and venues) for the files of tests/integration that can share it,
// with the gateway settings they need together (sharedProductGatewayEnv; its embed origins on ports reserved
// here, which the embed files serve their host pages on). Started when the first file asks (sharedSdkStack);
// stopped at the end of the run.
import { freePort } from '@venuebook/service-kit/processes';
import type { TestProject } from 'vitest/node';
import { productOf, sharedProductGatewayEnv, startSdkProduct } from '../integration/sdk-support.ts';
import type { HostPagePorts, SdkProduct } from '../integration/sdk-support.ts';
import { startOnRequest } from '@venuebook/service-kit/testing';
import './context.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startOnRequest('shared product', async () => {
    const hostPagePorts: HostPagePorts = { embedAttack: await freePort(), embedBridge: await freePort() };
    const { stack, stop } = await startSdkProduct(sharedProductGatewayEnv(hostPagePorts));
    const description: SdkProduct = { ...productOf(stack), hostPagePorts };
    return { description, stop };
  });
  project.provide('sharedProductUrl', server.url);
  return () => server.close();
}
