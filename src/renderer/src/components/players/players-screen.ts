/** Whether the GM asked for the players' screen (the table's button or the command palette). */
import { ref } from 'vue'

export const playersScreenOpen = ref(false)
