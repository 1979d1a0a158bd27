package io.snowflakeid.spring.closing;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.snowflakeid.SnowflakeIdGenerator;
import jakarta.annotation.PreDestroy;

import org.springframework.stereotype.Component;

/** An application bean that takes one more id as it is destroyed (a buffer flushed, a last audit row). */
@Component
class LastIds {

	static final List<Object> taken = new CopyOnWriteArrayList<>();

	private final SnowflakeIdGenerator ids;

	LastIds(SnowflakeIdGenerator ids) {
		this.ids = ids;
	}

	@PreDestroy
	void last() {
		try {
			taken.add(this.ids.nextId());
		}
		catch (RuntimeException ex) {
			taken.add(ex);
		}
	}
}
