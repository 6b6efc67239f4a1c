package rooms

import (
	"encoding/json"
	"time"

	bolt "go.etcd.io/bbolt"
)

// store keeps the rooms in a bbolt database: one bucket, the room's id to
// its data as JSON.
type store struct {
	db *bolt.DB
}

var bucket = []byte("rooms")

func openStore(path string) (*store, error) {
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: 2 * time.Second})
	if err != nil {
		return nil, err
	}
	if err := db.Update(func(tx *bolt.Tx) error {
		_, err := tx.CreateBucketIfNotExists(bucket)
		return err
	}); err != nil {
		db.Close()
		return nil, err
	}
	return &store{db: db}, nil
}

func (s *store) close() error { return s.db.Close() }

func (s *store) put(d *data) error {
	b, err := json.Marshal(d)
	if err != nil {
		return err
	}
	return s.db.Update(func(tx *bolt.Tx) error { return tx.Bucket(bucket).Put([]byte(d.ID), b) })
}

func (s *store) delete(id string) error {
	return s.db.Update(func(tx *bolt.Tx) error { return tx.Bucket(bucket).Delete([]byte(id)) })
}

// get returns the room id, or nil.
func (s *store) get(id string) (*data, error) {
	var d *data
	err := s.db.View(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucket).Get([]byte(id))
		if b == nil {
			return nil
		}
		d = new(data)
		return json.Unmarshal(b, d)
	})
	return d, err
}

// each calls f with every room; a room that does not decode is skipped.
func (s *store) each(f func(d *data)) error {
	return s.db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucket).ForEach(func(k, v []byte) error {
			var d data
			if json.Unmarshal(v, &d) == nil {
				f(&d)
			}
			return nil
		})
	})
}

// purge deletes the finished rooms that ended before t, and returns how
// many.
func (s *store) purge(t time.Time) (int, error) {
	n := 0
	err := s.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucket)
		var old [][]byte
		if err := b.ForEach(func(k, v []byte) error {
			var d data
			if json.Unmarshal(v, &d) == nil && d.Status == StatusOver && d.Ended < t.UnixMilli() {
				old = append(old, append([]byte(nil), k...))
			}
			return nil
		}); err != nil {
			return err
		}
		for _, k := range old {
			if err := b.Delete(k); err != nil {
				return err
			}
		}
		n = len(old)
		return nil
	})
	return n, err
}
