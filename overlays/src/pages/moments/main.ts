import { mountOnAir } from '../../lib/on-air/mount-on-air';
import MomentsPage from './MomentsPage.svelte';

mountOnAir(MomentsPage);
