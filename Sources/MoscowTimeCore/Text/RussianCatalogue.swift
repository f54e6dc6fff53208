/// Russian translations of the English messages used in the code.
enum RussianCatalogue {
    static let messages: [String: String] = [
        // Schedules
        "Weekdays": "Рабочие дни",
        "Weekends": "Выходные",
        "Every day": "Каждый день",
        "Every {n} days from {date}": "Каждые {n} дн. с {date}",
        "Once on {date}": "Однократно {date}",
        "Timer {duration}": "Таймер {duration}",
        // Tables
        "ID": "ID", "TIME": "ВРЕМЯ", "REPEAT": "ПОВТОР", "LABEL": "НАЗВАНИЕ", "STATE": "СОСТОЯНИЕ",
        "WHEN": "КОГДА", "NEXT": "СЛЕДУЮЩИЙ", "IN": "ЧЕРЕЗ",
        "on": "вкл", "off": "выкл",
        "snoozed": "отложен",
        "No alarms yet. Add one: agent-cli add 7:30 --label \"Wake up\"": "Будильников пока нет. Добавьте: agent-cli add 7:30 --label \"Подъём\"",
        "No upcoming alarms.": "Ближайших срабатываний нет.",
        "Added alarm {id} \"{label}\": {summary} at {time}; next ring {next}.": "Добавлен будильник {id} «{label}»: {summary} в {time}; ближайшее срабатывание {next}.",
        "Added alarm {id} \"{label}\"; it will not ring again.": "Добавлен будильник {id} «{label}»; он больше не прозвенит.",
        "Timer {id} \"{label}\" rings in {duration}, at {time}.": "Таймер {id} «{label}» прозвенит через {duration}, в {time}.",
        "Updated alarm {id}.": "Будильник {id} изменён.",
        "Removed alarm {id} \"{label}\".": "Будильник {id} «{label}» удалён.",
        "Enabled alarm {id}.": "Будильник {id} включён.",
        "Disabled alarm {id}.": "Будильник {id} выключен.",
        "{key} = {value}": "{key} = {value}",
        "next: {next}": "следующее: {next}",
        "never": "никогда",
        "Timer": "Таймер",
        // Alarm notification
        "Alarm": "Будильник",
        "Snooze {n} min": "Отложить на {n} мин",
        "Stop": "Остановить",
        "late: due {time}": "с опозданием: должен был прозвенеть в {time}",
        "snoozed {n} times": "отложен {n} раз",
        "To snooze: agent-cli snooze {id} · to stop: agent-cli stop {id}": "Отложить: agent-cli snooze {id} · остановить: agent-cli stop {id}",
        "Missed alarm": "Пропущенный будильник",
        "Missed alarms": "Пропущенные будильники",
        "{label} — due {when}": "{label} — в {when}",
        "(rang unanswered)": "(звонил без ответа)",
        "(while the computer slept)": "(пока компьютер спал)",
        "(while paused)": "(во время паузы)",
        "(too late to ring)": "(слишком поздно для звонка)",
    ]
}
