import { mountOnAir } from '../../lib/on-air/mount-on-air';
import ScorebugPage from './ScorebugPage.svelte';

mountOnAir(ScorebugPage);
