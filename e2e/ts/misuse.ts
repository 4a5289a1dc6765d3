// Compiled on its own, this must fail: proof that the checks above are real.
import { GameCloudClient } from '@gamecloud/client';

const client = new GameCloudClient({ baseUrl: 'http://h', token: 't' });
client.listBuilds(42);
client.setCdnAuth('g', 'n', 'oauth');
