import { mountOnAir } from '../../lib/on-air/mount-on-air';
import TablePage from './TablePage.svelte';

mountOnAir(TablePage);
