import { mountOnAir } from '../../lib/on-air/mount-on-air';
import StandingsPage from './StandingsPage.svelte';

mountOnAir(StandingsPage);
