import { useFetcher } from '@remix-run/react'
import { useEffect, useMemo } from 'react'
import {
  resortChoicesFrom,
  restaurantChoicesFrom,
  type CatalogueChoice,
  type ResortAnswer,
  type RestaurantAnswer,
} from '~/domain/catalogue-choices'

type Answer<Item> = Item[] | { message: string }
const listOf = <Item>(data: Answer<Item> | undefined) => (Array.isArray(data) ? data : undefined)

/**
 * The hotel wizard's resorts: those the page brought (an opening by link), else GET /api/resorts
 * once the wizard opens (the browser keeps the answer; see its Cache-Control and ETag).
 */
export function useResortChoices(fromPage: readonly CatalogueChoice[] | null) {
  const fetcher = useFetcher<Answer<ResortAnswer>>()
  useEffect(() => {
    if (!fromPage) fetcher.load('/api/resorts')
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the wizard opens
  }, [])
  if (fromPage) return { resorts: fromPage, loading: false, failed: false }
  const list = listOf(fetcher.data)
  return {
    resorts: list ? resortChoicesFrom(list) : [],
    loading: fetcher.state !== 'idle' || fetcher.data === undefined,
    failed: fetcher.state === 'idle' && fetcher.data !== undefined && !list,
  }
}

/** The dining wizard's restaurants, asked per destination when it opens and merged (catalogue §7). */
export function useRestaurantChoices() {
  const world = useFetcher<Answer<RestaurantAnswer>>()
  const land = useFetcher<Answer<RestaurantAnswer>>()
  useEffect(() => {
    world.load('/api/resorts/disney-world/dining-locations')
    land.load('/api/resorts/disneyland/dining-locations')
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the wizard opens
  }, [])
  const loading = [world, land].some(
    (fetcher) => fetcher.state !== 'idle' || fetcher.data === undefined,
  )
  const restaurants = useMemo(
    () => restaurantChoicesFrom([listOf(world.data), listOf(land.data)]),
    [world.data, land.data],
  )
  return { restaurants, loading }
}
