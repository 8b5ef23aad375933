// gRPC over TLS between the gateway and the services. A service with GRPC_TLS_CERT and GRPC_TLS_KEY serves
// TLS only (GRPC_TLS_CA too: mutual TLS, clients must show a certificate of that CA); a client with
// GRPC_TLS_CA trusts the services' certificates of that CA (GRPC_TLS_CERT and GRPC_TLS_KEY too: its own
// certificate for mutual TLS). A service refuses to listen beyond loopback in plain text unless
// GRPC_ALLOW_INSECURE=true says that the network itself is trusted.
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import * as grpc from '@grpc/grpc-js';

/** The PEM material of a TLS server: its certificate chain, its key and (mutual TLS) the clients' CA. */
export interface GrpcServerTls {
  cert: Buffer;
  key: Buffer;
  clientCa?: Buffer;
}

/** The TLS variables, as paths of PEM files (services and the gateway read the same names). */
export interface GrpcTlsFiles {
  GRPC_TLS_CERT?: string | undefined;
  GRPC_TLS_KEY?: string | undefined;
  GRPC_TLS_CA?: string | undefined;
}

/** True for an address that only this machine reaches: 127.0.0.0/8, ::1, localhost. */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) === 6) return bare === '::1' || bare === '0:0:0:0:0:0:0:1' || /^::ffff:127\./.test(bare);
  return false;
}

function pem(variable: keyof GrpcTlsFiles, path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new Error(`${variable}: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, { cause: error });
  }
}

/** A service's TLS material from GRPC_TLS_CERT / GRPC_TLS_KEY (/ GRPC_TLS_CA); undefined = plain text. */
export function grpcServerTls(files: GrpcTlsFiles): GrpcServerTls | undefined {
  const { GRPC_TLS_CERT: cert, GRPC_TLS_KEY: key, GRPC_TLS_CA: ca } = files;
  if (!cert && !key) {
    if (ca) throw new Error("GRPC_TLS_CA (the clients' CA of mutual TLS) needs GRPC_TLS_CERT and GRPC_TLS_KEY");
    return undefined;
  }
  if (!cert || !key) throw new Error('GRPC_TLS_CERT and GRPC_TLS_KEY go together: set both (PEM files) or neither');
  return { cert: pem('GRPC_TLS_CERT', cert), key: pem('GRPC_TLS_KEY', key), ...(ca ? { clientCa: pem('GRPC_TLS_CA', ca) } : {}) };
}

/** Server credentials: TLS (mutual when a client CA is given) or plain text. */
export function serverCredentials(tls: GrpcServerTls | undefined): grpc.ServerCredentials {
  if (!tls) return grpc.ServerCredentials.createInsecure();
  return grpc.ServerCredentials.createSsl(tls.clientCa ?? null, [{ cert_chain: tls.cert, private_key: tls.key }], Boolean(tls.clientCa));
}

/**
 * A client's channel credentials from GRPC_TLS_CA (/ GRPC_TLS_CERT and GRPC_TLS_KEY for mutual TLS);
 * undefined = plain text. The services' certificates must name the host of their address (VENUES_GRPC_URL...).
 */
export function grpcClientCredentials(files: GrpcTlsFiles): grpc.ChannelCredentials | undefined {
  const { GRPC_TLS_CERT: cert, GRPC_TLS_KEY: key, GRPC_TLS_CA: ca } = files;
  if (!ca) {
    if (cert || key) throw new Error("GRPC_TLS_CERT and GRPC_TLS_KEY (a client certificate) need GRPC_TLS_CA, the CA of the services' certificates");
    return undefined;
  }
  if (Boolean(cert) !== Boolean(key)) throw new Error('GRPC_TLS_CERT and GRPC_TLS_KEY go together: set both (PEM files) or neither');
  return grpc.credentials.createSsl(pem('GRPC_TLS_CA', ca), key ? pem('GRPC_TLS_KEY', key) : null, cert ? pem('GRPC_TLS_CERT', cert) : null);
}
