import type { League, VenueType } from '../index.ts';

/** A demo venue: the fields a user would enter on the Add New Venue form. */
export interface DemoVenue {
  name: string;
  address: string;
  country?: string;
  displayCityAs?: string;
  website?: string;
  leagues: League[];
  venueTypes: VenueType[];
  deliveryAddress?: string;
  deliveryNotes?: string;
  contactName?: string;
  contactTitle?: string;
  contactPhone?: string;
  contactEmail?: string;
  generalNotes?: string;
}

/** About 30 realistic venues for `npm start` on an empty database (fictional contacts). */
export const DEMO_VENUES: readonly DemoVenue[] = [
  {
    name: 'Madison Square Garden',
    address: '4 Pennsylvania Plaza\nNew York, NY 10001',
    website: 'msg.com',
    leagues: ['OTE', 'OT7'],
    venueTypes: ['Arena'],
    deliveryAddress: '33rd Street loading dock',
    deliveryNotes: 'Trucks check in at the 33rd St gate; 2-hour windows.',
    contactName: 'Dana Whitfield',
    contactTitle: 'Production Manager',
    contactPhone: '(212) 465-6000',
    contactEmail: 'dana.whitfield@example.com',
    generalNotes: 'Broadcast compound on 33rd St\n  Fiber patch in the TV truck bay\nPower: 2x 400A company switches',
  },
  {
    name: 'Crypto.com Arena',
    address: '1111 S Figueroa St\nLos Angeles, CA 90015',
    website: 'cryptoarena.com',
    leagues: ['OTE'],
    venueTypes: ['Arena'],
    contactName: 'Marco Ruiz',
    contactTitle: 'Event Manager',
    contactPhone: '(213) 742-7100',
    contactEmail: 'marco.ruiz@example.com',
  },
  { name: 'United Center', address: '1901 W Madison St\nChicago, IL 60612', website: 'unitedcenter.com', leagues: ['OT7'], venueTypes: ['Arena'] },
  {
    name: 'Red Rocks Amphitheatre',
    address: '18300 W Alameda Pkwy\nMorrison, CO 80465',
    displayCityAs: 'Denver',
    website: 'redrocksonline.com',
    leagues: ['OTX', 'Other'],
    venueTypes: ['Amphitheater'],
    deliveryNotes: 'Steep load-in ramp; box trucks only past the lower lot.',
  },
  {
    name: 'The Forum',
    address: '3900 W Manchester Blvd\nInglewood, CA 90305',
    displayCityAs: 'Los Angeles',
    website: 'thekiaforum.com',
    leagues: ['OTE', 'OTX'],
    venueTypes: ['Arena', 'Concert Hall'],
  },
  {
    name: 'Radio City Music Hall',
    address: '1260 6th Ave\nNew York, NY 10020',
    website: 'radiocity.com',
    leagues: ['OT Select'],
    venueTypes: ['Theater', 'Performing Arts Center'],
  },
  {
    name: 'Ryman Auditorium',
    address: '116 5th Ave N\nNashville, TN 37219',
    website: 'ryman.com',
    leagues: ['OT Select', 'OTX'],
    venueTypes: ['Theater', 'Concert Hall'],
  },
  { name: 'Chase Center', address: '1 Warriors Way\nSan Francisco, CA 94158', website: 'chasecenter.com', leagues: ['OTE'], venueTypes: ['Arena'] },
  {
    name: 'T-Mobile Arena',
    address: '3780 S Las Vegas Blvd\nLas Vegas, NV 89158',
    website: 't-mobilearena.com',
    leagues: ['OT7', 'OTE'],
    venueTypes: ['Arena'],
  },
  {
    name: 'Caesars Palace Colosseum',
    address: '3570 S Las Vegas Blvd\nLas Vegas, NV 89109',
    website: 'caesars.com',
    leagues: ['OT Select'],
    venueTypes: ['Casino', 'Theater'],
  },
  {
    name: 'Mohegan Sun Arena',
    address: '1 Mohegan Sun Blvd\nUncasville, CT 06382',
    website: 'mohegansun.com',
    leagues: ['OTX'],
    venueTypes: ['Arena', 'Casino'],
  },
  {
    name: 'Barclays Center',
    address: '620 Atlantic Ave\nBrooklyn, NY 11217',
    displayCityAs: 'Brooklyn',
    website: 'barclayscenter.com',
    leagues: ['OTE', 'OT7'],
    venueTypes: ['Arena'],
  },
  {
    name: 'Hollywood Bowl',
    address: '2301 N Highland Ave\nLos Angeles, CA 90068',
    website: 'hollywoodbowl.com',
    leagues: ['OT Select'],
    venueTypes: ['Amphitheater'],
  },
  {
    name: 'Austin City Limits Live at The Moody Theater',
    address: '310 W Willie Nelson Blvd\nAustin, TX 78701',
    website: 'acl-live.com',
    leagues: ['Studio', 'OT Select'],
    venueTypes: ['Theater', 'TV Broadcast Studio'],
  },
  { name: 'Sphere', address: '255 Sands Ave\nLas Vegas, NV 89169', website: 'thesphere.com', leagues: ['OTX'], venueTypes: ['Concert Hall'] },
  { name: 'Kaseya Center', address: '601 Biscayne Blvd\nMiami, FL 33132', website: 'kaseyacenter.com', leagues: ['OTE'], venueTypes: ['Arena'] },
  { name: 'State Farm Arena', address: '1 State Farm Dr\nAtlanta, GA 30303', website: 'statefarmarena.com', leagues: ['OT7'], venueTypes: ['Arena'] },
  {
    name: 'Climate Pledge Arena',
    address: '334 1st Ave N\nSeattle, WA 98109',
    website: 'climatepledgearena.com',
    leagues: ['OTE', 'OTX'],
    venueTypes: ['Arena'],
  },
  {
    name: 'Scotiabank Arena',
    address: '40 Bay St\nToronto, ON M5J 2X2',
    country: 'Canada',
    website: 'scotiabankarena.com',
    leagues: ['OT7'],
    venueTypes: ['Arena'],
  },
  {
    name: 'Bell Centre',
    address: '1909 Av. des Canadiens-de-Montréal\nMontréal, QC H4B 5G0',
    country: 'Canada',
    website: 'centrebell.ca',
    leagues: ['OTE'],
    venueTypes: ['Arena'],
  },
  {
    name: 'The O2',
    address: 'Peninsula Square\nLondon SE10 0DX',
    country: 'United Kingdom',
    website: 'theo2.co.uk',
    leagues: ['OTE', 'OT7'],
    venueTypes: ['Arena'],
  },
  { name: 'Accor Arena', address: '8 Bd de Bercy\n75012 Paris', country: 'France', website: 'accorarena.com', leagues: ['OTX'], venueTypes: ['Arena'] },
  {
    name: 'Mercedes-Benz Arena',
    address: 'Mercedes-Platz 1\n10243 Berlin',
    country: 'Germany',
    website: 'uber-arena.de',
    leagues: ['OT7', 'Other'],
    venueTypes: ['Arena'],
  },
  {
    name: 'Pinewood Studios Stage 7',
    address: 'Pinewood Rd\nIver Heath SL0 0NH',
    displayCityAs: 'London',
    country: 'United Kingdom',
    website: 'pinewoodgroup.com',
    leagues: ['Studio'],
    venueTypes: ['Soundstage', 'Film Studio'],
  },
  {
    name: 'Sunset Las Palmas Studios',
    address: '1040 N Las Palmas Ave\nLos Angeles, CA 90038',
    displayCityAs: 'Hollywood',
    website: 'sunsetstudios.com',
    leagues: ['Studio'],
    venueTypes: ['Soundstage', 'TV Broadcast Studio'],
  },
  {
    name: 'Brooklyn Navy Yard Building 77',
    address: '141 Flushing Ave\nBrooklyn, NY 11205',
    displayCityAs: 'Brooklyn',
    leagues: ['Other'],
    venueTypes: ['Industrial Space', 'Warehouse'],
  },
  {
    name: 'Javits Center',
    address: '429 11th Ave\nNew York, NY 10001',
    website: 'javitscenter.com',
    leagues: ['OT Select', 'Other'],
    venueTypes: ['Convention Hall', 'Conference Center'],
  },
  {
    name: 'Fontainebleau Las Vegas Ballroom',
    address: '2777 S Las Vegas Blvd\nLas Vegas, NV 89109',
    website: 'fontainebleaulasvegas.com',
    leagues: ['OT Select'],
    venueTypes: ['Ballroom', 'Hotel'],
  },
  {
    name: 'Lambeau Field',
    address: '1265 Lombardi Ave\nGreen Bay, WI 54304',
    website: 'packers.com/lambeau-field',
    leagues: ['OTE'],
    venueTypes: ['Stadium', 'Football Field'],
  },
  {
    name: 'Zilker Park Great Lawn',
    address: '2100 Barton Springs Rd\nAustin, TX 78704',
    website: 'austintexas.gov',
    leagues: ['OTX', 'Other'],
    venueTypes: ['Municipal Park', 'Temporary Venue'],
  },
  {
    name: 'Pauley Pavilion',
    address: '301 Westwood Plaza\nLos Angeles, CA 90095',
    displayCityAs: 'Westwood',
    website: 'uclabruins.com',
    leagues: ['OT7'],
    venueTypes: ['College', 'Basketball Court'],
  },
];
