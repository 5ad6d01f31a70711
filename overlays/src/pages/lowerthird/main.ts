import { mountOnAir } from '../../lib/on-air/mount-on-air';
import LowerThirdPage from './LowerThirdPage.svelte';

mountOnAir(LowerThirdPage);
