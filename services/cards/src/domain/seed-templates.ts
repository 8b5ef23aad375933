// The starting set of master templates: created at the first start of a cards database, with fixed
// ids so that every replica and every restart writes the same documents (an insert of an existing id is a no-op).
import { DEPARTMENTS, DEFAULT_NOTES_FIELD } from '@venuebook/domain';
import type { CardField, Department } from '@venuebook/domain';

export interface SeedTemplate {
  id: string;
  title: string;
  description: string;
  departments: Department[];
  primaryDepartment: Department;
  fields: CardField[];
  isSystemProtected: boolean;
}

/** The id of the protected 'General Notes' template, listed first in every department. */
export const GENERAL_NOTES_TEMPLATE_ID = 'b96c4ec3-94e7-48ca-adb1-51d8b8904847';

const text = (key: string, label: string): CardField => ({ key, label, type: 'text', options: [], required: false });
const number = (key: string, label: string): CardField => ({ key, label, type: 'number', options: [], required: false });
const yesno = (key: string, label: string): CardField => ({ key, label, type: 'yesno', options: [], required: false });
const select = (key: string, label: string, options: string[]): CardField => ({ key, label, type: 'select', options, required: false });
const notes: CardField = { ...DEFAULT_NOTES_FIELD, options: [] };

function template(id: string, department: Department, title: string, description: string, fields: CardField[]): SeedTemplate {
  return { id, title, description, departments: [department], primaryDepartment: department, fields: [...fields, notes], isSystemProtected: false };
}

export const SEED_TEMPLATES: readonly SeedTemplate[] = [
  {
    id: GENERAL_NOTES_TEMPLATE_ID,
    title: 'General Notes',
    description: 'Notes about the venue for every department',
    departments: [...DEPARTMENTS],
    primaryDepartment: 'Production/Broadcast',
    fields: [notes],
    isSystemProtected: true,
  },
  template('e5aad9ef-93a5-4ab4-9604-d3c902a7af4e', 'Production/Broadcast', 'Broadcast Infrastructure', 'Truck parking, camera positions and cabling', [
    yesno('tv_compound', 'TV compound'),
    text('truck_parking', 'Truck parking'),
    number('camera_positions', 'Camera positions'),
    text('fiber_connectivity', 'Fiber connectivity'),
  ]),
  template('c323b023-5e58-4a5e-b2a1-d324d2c94b26', 'Production/Broadcast', 'Audio', 'House audio and feeds', [
    text('house_feed', 'House feed'),
    select('pa_system', 'PA system', ['House', 'Touring', 'None']),
  ]),
  template('595b087a-2a8e-4801-ab4b-2482c0a8ea2d', 'Events', 'Event Spaces', 'Rooms and areas for hospitality and events', [
    number('capacity', 'Capacity'),
    text('hospitality_areas', 'Hospitality areas'),
    yesno('catering_on_site', 'Catering on site'),
  ]),
  template('48ef5612-98ea-4193-92e0-a3033507a02b', 'Events', 'Ticketing', 'Box office and ticketing', [
    text('box_office', 'Box office'),
    text('ticketing_provider', 'Ticketing provider'),
  ]),
  template('8ff9af28-e3f6-4293-ab1c-bcaad9114ff3', 'Facilities', 'Loading Dock', 'Deliveries and load-in', [
    number('dock_doors', 'Dock doors'),
    text('dock_height', 'Dock height'),
    yesno('forklift_available', 'Forklift available'),
  ]),
  template('eea499d4-5351-47bf-a8de-df30b5a26d4c', 'Facilities', 'Power', 'Shore power and generators', [
    text('shore_power', 'Shore power'),
    yesno('generator_required', 'Generator required'),
  ]),
  template('56f332ae-2dc3-46b9-9dd2-ec0841cfa5f6', 'Production Management', 'Production Office', 'Offices, storage and crew areas', [
    number('office_count', 'Number of offices'),
    text('storage', 'Storage'),
    text('crew_catering', 'Crew catering'),
  ]),
  template('c018cb20-33f1-4f53-8e15-eacf6f18e338', 'Operations', 'Venue Operations', 'Hours, access and staffing', [
    text('access_hours', 'Access hours'),
    text('venue_manager', 'Venue manager'),
    select('union_venue', 'Union venue', ['Yes', 'No', 'Partial']),
  ]),
  template('19f35a37-e6ab-400f-8a17-0af6aeb1071e', 'Security', 'Security Plan', 'Screening, credentials and staffing', [
    yesno('magnetometers', 'Magnetometers'),
    text('credential_office', 'Credential office'),
    number('security_staff', 'Security staff'),
  ]),
  template('7ed2da07-9fd0-4cd6-939a-deb28b760712', 'IT', 'Network', 'Internet and Wi-Fi', [
    text('internet_provider', 'Internet provider'),
    text('bandwidth', 'Bandwidth'),
    yesno('dedicated_wifi', 'Dedicated Wi-Fi'),
  ]),
  template('ba313440-57e3-4411-a097-82c53ca67fc0', 'IT', 'Phones and Radios', 'Phone lines and radio frequencies', [
    text('phone_lines', 'Phone lines'),
    text('radio_frequencies', 'Radio frequencies'),
  ]),
];
