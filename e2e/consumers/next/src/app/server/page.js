// A server component that calls the module: the Node entry, on the server,
// for each request.
import { init, proxyPort } from '@gamecloud/client';

export const dynamic = 'force-dynamic';

export default async function Server() {
  await init();
  return <output id="server">{JSON.stringify(proxyPort('udp'))}</output>;
}
