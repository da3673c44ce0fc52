import { MapView } from '../../../components/MapView';
import { useI18n } from '../../../lib/i18n';

/** A small map with the merchant's pin; its own chunk, so Leaflet loads only with it. */
export default function MerchantMap({
  latitude,
  longitude,
  name,
}: {
  latitude: number;
  longitude: number;
  name: string;
}) {
  const { t } = useI18n();
  return (
    <MapView
      center={[latitude, longitude]}
      zoom={14}
      label={t('trxDetail.mapOf', { name })}
      markers={[{ key: 'merchant', position: [latitude, longitude], text: '1', label: name }]}
    />
  );
}
