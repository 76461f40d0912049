/**
 * Journeys on the clock (CLK-10 … CLK-16): the party's pace under load or the campaign's pace,
 * daylight and the sky, the road's legs walked by marching days and camps, and the numbers a GM
 * sees before setting out. Pure functions over plain data; the clock engine runs the time.
 */
export * from './pace'
export * from './daylight'
export * from './road'
export * from './plan'
export * from './travel'
export * from './watch'
