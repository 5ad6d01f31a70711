import { mountTournamentPage } from '../../lib/tournament/mount-tournament';
import Page from './Page.svelte';

mountTournamentPage(Page);
